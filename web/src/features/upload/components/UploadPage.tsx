import { CloudUpload } from 'lucide-react';
import { EmptyState, PageHeader } from '@/components/ui';

/** `/upload`: add a song with its cover; the form arrives with the upload issue. */
export function UploadPage() {
  return (
    <div className="page">
      <PageHeader
        eyebrow="Create"
        title="Upload song"
        description="Share your own tracks with everyone on this server."
      />
      <EmptyState icon={CloudUpload} title="Uploads open soon">
        You will be able to add a song, its cover and a name here, in its original quality.
      </EmptyState>
    </div>
  );
}
