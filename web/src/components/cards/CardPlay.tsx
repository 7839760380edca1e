import { Pause, Play } from 'lucide-react';
import './cards.css';

interface CardPlayProps {
  /** Shows pause: the card's song is the one playing. */
  pause?: boolean;
  /** Always shown, not only while the card is hovered or focused. */
  shown?: boolean;
  className?: string;
}

/**
 * The round play button on a card. It shows while the card, which carries
 * the `has-card-play` class, is hovered or focused, and always on touch
 * screens. The card itself is the control: this is only its picture.
 */
export function CardPlay({ pause = false, shown = false, className }: CardPlayProps) {
  const classes = ['card-play', shown && 'card-play--shown', className].filter(Boolean).join(' ');
  return (
    <span className={classes} aria-hidden="true">
      {pause ? <Pause size={20} fill="currentColor" /> : <Play size={20} fill="currentColor" />}
    </span>
  );
}
