import { Fragment, useRef } from 'react';
import { Copy } from 'lucide-react';
import { Button, useToast } from '@/components/ui';
import { copyText } from '../copy';

/** How many characters each group of the shown password holds. */
const GROUP = 4;

/**
 * A new password, whole and large, in groups of four so it can be typed
 * from the screen; the groups are spacing only, so a selection copies the
 * password without spaces. The Copy button copies it exactly.
 */
export function SecretField({ label, value }: { label: string; value: string }) {
  const toast = useToast();
  const shownRef = useRef<HTMLElement>(null);
  const groups = value.match(new RegExp(`.{1,${GROUP}}`, 'g')) ?? [];

  function copy() {
    copyText(value, shownRef.current).then(
      () => toast.success(`${label} copied`),
      () =>
        toast.error(
          `We could not copy the ${label.toLowerCase()}. Select it and copy it yourself.`,
        ),
    );
  }

  return (
    <div className="secretfield">
      <code ref={shownRef} className="secretfield__value" aria-label={label} data-value={value}>
        {groups.map((g, i) => (
          // <wbr> lets a narrow screen break between groups without adding a character.
          <Fragment key={i}>
            {i > 0 && <wbr />}
            <span>{g}</span>
          </Fragment>
        ))}
      </code>
      <Button
        size="sm"
        icon={<Copy size={16} aria-hidden="true" />}
        onClick={copy}
        aria-label={`Copy ${label.toLowerCase()}`}
      >
        Copy
      </Button>
    </div>
  );
}
