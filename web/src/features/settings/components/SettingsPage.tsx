import { PageHeader } from '@/components/ui';
import { AppPasswordsSection } from './AppPasswordsSection';
import { ArtistNameSection } from './ArtistNameSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { PictureSection } from './PictureSection';
import { PlaybackSection } from './PlaybackSection';
import { SignInSection } from './SignInSection';
import './settings.css';

/**
 * `/settings`: the signed-in user's settings: their picture, artist name, how they
 * sign in, playback, app passwords for Subsonic apps, and leaving.
 */
export function SettingsPage() {
  return (
    <div className="page settings">
      <PageHeader title="Settings" description="Your account and the apps you listen with." />
      <PictureSection />
      <ArtistNameSection />
      <SignInSection />
      <PlaybackSection />
      <AppPasswordsSection />
      <DeleteAccountSection />
    </div>
  );
}
