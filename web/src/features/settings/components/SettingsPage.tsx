import { PageHeader } from '@/components/ui';
import { AppPasswordsSection } from './AppPasswordsSection';
import { ArtistNameSection } from './ArtistNameSection';
import { PlaybackSection } from './PlaybackSection';
import './settings.css';

/** `/settings`: the signed-in user's settings: their artist name, playback, app passwords for Subsonic apps. */
export function SettingsPage() {
  return (
    <div className="page settings">
      <PageHeader title="Settings" description="Your account and the apps you listen with." />
      <ArtistNameSection />
      <PlaybackSection />
      <AppPasswordsSection />
    </div>
  );
}
