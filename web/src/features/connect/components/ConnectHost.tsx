import { useRemoteTarget } from '@/lib/connect';
import { useSession } from '@/lib/session';
import { useDeviceLink } from '../live/use-device-link';
import { RemoteBar } from './RemoteBar';
import './connect.css';

/**
 * Makes this browser one of the person's devices, and shows the remote
 * control in the player's place while it controls another.
 */
export function ConnectHost() {
  const { user } = useSession();
  useDeviceLink(user._id);
  const target = useRemoteTarget();
  return target ? <RemoteBar target={target} /> : null;
}
