import { Users } from 'lucide-react';
import './jam.css';

/** A Jam's picture: people on the app's green-to-violet gradient. */
export function JamArt() {
  return (
    <div className="jam-art">
      <Users size={72} aria-hidden="true" />
    </div>
  );
}
