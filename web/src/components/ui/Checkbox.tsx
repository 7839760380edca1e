import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import './Checkbox.css';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  children: ReactNode;
  /** A problem with the choice, shown under it and announced with it. */
  error?: string | null;
}

/** A native checkbox with a custom look; its label may hold links. */
export function Checkbox({ children, className, error, ...rest }: CheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <div className="checkbox__row">
        <span className="checkbox__box">
          <input
            id={id}
            type="checkbox"
            className="checkbox__input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...rest}
          />
          <Check className="checkbox__mark" size={14} strokeWidth={3.5} aria-hidden="true" />
        </span>
        <label htmlFor={id} className="checkbox__label">
          {children}
        </label>
      </div>
      {error && (
        <p id={errorId} className="field__error checkbox__error">
          {error}
        </p>
      )}
    </div>
  );
}
