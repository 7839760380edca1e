import { useRef } from 'react';
import { Copy } from 'lucide-react';
import { Button, useToast } from '@/components/ui';
import { copyText } from '../copy';

interface CopyFieldProps {
  /** What the value is, for the copy button's name and the toast: 'Server address'. */
  label: string;
  value: string;
}

/** A value shown as read-only text with a Copy button beside it. */
export function CopyField({ label, value }: CopyFieldProps) {
  const toast = useToast();
  const fieldRef = useRef<HTMLInputElement>(null);

  function copy() {
    copyText(value, fieldRef.current).then(
      () => toast.success(`${label} copied`),
      () =>
        toast.error(
          `We could not copy the ${label.toLowerCase()}. Select it and copy it yourself.`,
        ),
    );
  }

  return (
    <div className="copyfield">
      <input
        ref={fieldRef}
        className="copyfield__value"
        readOnly
        value={value}
        aria-label={label}
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button
        variant="secondary"
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
