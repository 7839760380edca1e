import { Radio } from 'lucide-react';
import { EmptyState, PageHeader } from '@/components/ui';

/** `/join`: scheduled radio stations and the form to create one. */
export function RadioPage() {
  return (
    <div className="page">
      <PageHeader
        eyebrow="Radio"
        title="Join a station!"
        description="Listen together: everyone on a station hears the same second."
      />
      <EmptyState icon={Radio} title="No stations on air">
        Scheduled stations will count down here, ready for you to join when they start.
      </EmptyState>
    </div>
  );
}
