import {
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { GripVertical } from 'lucide-react';
import type { Song } from '@/lib/song';

/**
 * Where a dragged row lands: the number of other rows whose middle is above
 * the pointer. `middles` are the rows' vertical centres, in list order.
 */
export function dropIndex(middles: number[], from: number, pointerY: number): number {
  let to = 0;
  middles.forEach((middle, i) => {
    if (i !== from && middle < pointerY) to += 1;
  });
  return to;
}

export interface DragState {
  from: number;
  to: number;
  startY: number;
  dy: number;
  middles: number[];
}

/**
 * Dragging rows by a handle with pointer events, so mouse, pen and touch all
 * work. The dragged row follows the pointer and a line shows where it lands;
 * letting go calls `onMove(from, to)`.
 */
export function useRowDrag(count: number, onMove: (from: number, to: number) => void) {
  const listRef = useRef<HTMLOListElement>(null);
  const [drag, setDrag] = useState<DragState | null>(null);
  const dragRef = useRef<DragState | null>(null);

  function update(next: DragState | null) {
    dragRef.current = next;
    setDrag(next);
  }

  function start(e: ReactPointerEvent<HTMLElement>, from: number) {
    if (e.button !== 0 || count < 2) return;
    // Rows only: a list may hold dividers between its rows (data-divider).
    const rows = (Array.from(listRef.current?.children ?? []) as HTMLElement[]).filter(
      (el) => el.dataset.divider === undefined,
    );
    const middles = rows.map((row) => {
      const r = row.getBoundingClientRect();
      return r.top + r.height / 2;
    });
    e.preventDefault();
    const handle = e.currentTarget;
    handle.setPointerCapture?.(e.pointerId);
    update({ from, to: from, startY: e.clientY, dy: 0, middles });

    const onMoveEvent = (ev: PointerEvent) => {
      const d = dragRef.current;
      if (!d) return;
      update({ ...d, dy: ev.clientY - d.startY, to: dropIndex(d.middles, d.from, ev.clientY) });
    };
    const finish = (commit: boolean) => {
      const d = dragRef.current;
      handle.removeEventListener('pointermove', onMoveEvent);
      handle.removeEventListener('pointerup', onUp);
      handle.removeEventListener('pointercancel', onCancel);
      update(null);
      if (commit && d && d.to !== d.from) onMove(d.from, d.to);
    };
    const onUp = () => finish(true);
    const onCancel = () => finish(false);
    handle.addEventListener('pointermove', onMoveEvent);
    handle.addEventListener('pointerup', onUp);
    handle.addEventListener('pointercancel', onCancel);
  }

  return { listRef, drag, start };
}

/** The class of a row while a drag runs: the dragged row, or the line where it lands. */
export function dragRowClass(drag: DragState | null, index: number): string | false {
  if (!drag) return false;
  if (index === drag.from) return 'song-row--dragging';
  if (drag.to === drag.from) return false;
  // The line goes after the row the song passes when moving down, before it when moving up.
  if (drag.to > drag.from && index === drag.to) return 'song-row--drop-after';
  if (drag.to < drag.from && index === drag.to) return 'song-row--drop-before';
  return false;
}

/** The dragged row follows the pointer. */
export function dragRowStyle(drag: DragState | null, index: number): CSSProperties | undefined {
  if (!drag || index !== drag.from) return undefined;
  return { transform: `translateY(${drag.dy}px)` };
}

interface DragHandleProps {
  song: Song;
  onPointerDown: (e: ReactPointerEvent<HTMLButtonElement>) => void;
  /** ↑ moves by -1, ↓ by +1. */
  onStep: (step: -1 | 1) => void;
}

/** The grip of a row: drag it, or focus it and press ↑ or ↓. */
export function DragHandle({ song, onPointerDown, onStep }: DragHandleProps) {
  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    // Alt+arrow is handled by the row; plain arrows here move too.
    if (e.altKey) return;
    e.preventDefault();
    onStep(e.key === 'ArrowUp' ? -1 : 1);
  }
  return (
    <button
      type="button"
      className="song-row__grip"
      aria-label={`Reorder ${song.song}`}
      title="Drag to reorder, or use ↑ and ↓"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    >
      <GripVertical size={18} aria-hidden="true" />
    </button>
  );
}
