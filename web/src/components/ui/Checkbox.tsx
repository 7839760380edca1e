import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import './Checkbox.css';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  children: ReactNode;
}

/** A native checkbox with a custom look; its label may hold links. */
export function Checkbox({ children, className, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <span className="checkbox__box">
        <input id={id} type="checkbox" className="checkbox__input" {...rest} />
        <Check className="checkbox__mark" size={14} strokeWidth={3.5} aria-hidden="true" />
      </span>
      <label htmlFor={id} className="checkbox__label">
        {children}
      </label>
    </div>
  );
}
