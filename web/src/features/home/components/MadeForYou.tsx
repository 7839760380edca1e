import { useQuery } from '@tanstack/react-query';
import { CardRow } from '@/components/cards';
import { MixCard } from '@/components/mixes';
import { Section } from '@/components/ui';
import { mixesQuery } from '../api/get-mixes';

/**
 * 'Made for you': the mixes that hold songs, as a row of cards. Hidden
 * while there are none, or when they cannot be loaded: Home has enough else.
 */
export function MadeForYou() {
  const mixes = useQuery(mixesQuery());
  const shown = (mixes.data ?? []).filter((m) => m.count > 0);
  if (shown.length === 0) return null;
  return (
    <Section title="Made for you">
      <CardRow label="Made for you">
        {shown.map((mix) => (
          <li key={mix.id}>
            <MixCard mix={mix} />
          </li>
        ))}
      </CardRow>
    </Section>
  );
}
