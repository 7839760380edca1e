import { useId } from 'react';
import { cleanCode } from '../validation';

interface CodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  autoFocus?: boolean;
  /** A problem with the code (missing, wrong, expired), shown under the field. */
  error?: string | null;
}

/** One field for a mailed 6-digit code; pasted text keeps its digits. */
export function CodeField({
  value,
  onChange,
  label = 'Code from the mail',
  autoFocus,
  error,
}: CodeFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name="otp"
        className="field__input code-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="••••••"
        value={value}
        onChange={(e) => onChange(cleanCode(e.target.value))}
        autoFocus={autoFocus}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
