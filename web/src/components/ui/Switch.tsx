import type { InputHTMLAttributes } from 'react';
import './Switch.css';

/**
 * An on/off setting: a native checkbox with the switch role, drawn as a
 * track with a sliding knob. It is named by the text beside it
 * (aria-labelledby), which the caller lays out.
 */
export function Switch({
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return (
    <input
      type="checkbox"
      role="switch"
      className={className ? `switch ${className}` : 'switch'}
      {...rest}
    />
  );
}
