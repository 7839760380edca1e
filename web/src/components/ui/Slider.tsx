import type { CSSProperties, InputHTMLAttributes } from 'react';
import './Slider.css';

interface SliderProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'min' | 'max'
> {
  /** The accessible name, e.g. 'Volume'. */
  label: string;
  value: number;
  min?: number;
  max: number;
  onValueChange: (value: number) => void;
  /** How a screen reader reads the value, e.g. '1:05 of 3:20'. */
  valueText?: string;
}

/** A range input styled as a thin track that fills up to the value. */
export function Slider({
  label,
  value,
  min = 0,
  max,
  step = 1,
  onValueChange,
  valueText,
  className,
  ...rest
}: SliderProps) {
  const span = max - min;
  const fill = span > 0 ? Math.min(100, Math.max(0, ((value - min) / span) * 100)) : 0;
  return (
    <input
      type="range"
      className={['slider', className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-valuetext={valueText}
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(e) => onValueChange(Number(e.target.value))}
      style={{ '--fill': `${fill}%` } as CSSProperties}
      {...rest}
    />
  );
}
