import { useSearchParams } from 'react-router';
import { useOptionalSession } from '@/lib/session';
import type { ShareType } from '@/lib/share-links';
import { PublicSharePage } from './PublicSharePage';
import { SignedInSharePage } from './SignedInSharePage';
import { ShareNotFound } from './ShareNotFound';
import './share.css';

function shareTypeOf(raw: string | null): ShareType | null {
  return raw === 'song' || raw === 'playlist' ? raw : null;
}

/**
 * `/share?type=song|playlist&id=…`: what someone shared. Signed in, the song
 * or playlist itself, ready to play; signed out, a preview with the way to
 * sign up or log in and come straight back here.
 */
export function SharePage() {
  const session = useOptionalSession();
  const [params] = useSearchParams();
  const type = shareTypeOf(params.get('type'));
  const id = params.get('id')?.trim() ?? '';

  if (!type || id === '') {
    return <ShareNotFound type={type} signedIn={session !== null} />;
  }
  const next = `/share?id=${encodeURIComponent(id)}&type=${type}`;
  return session ? (
    <SignedInSharePage key={next} type={type} id={id} />
  ) : (
    <PublicSharePage key={next} type={type} id={id} next={next} />
  );
}
