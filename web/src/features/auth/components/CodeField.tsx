import { useId } from 'react';
import { cleanCode } from '../validation';

interface CodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  label?: string;
  autoFocus?: boolean;
}

/** One field for a mailed 6-digit code; pasted text keeps its digits. */
export function CodeField({
  value,
  onChange,
  label = 'Code from the mail',
  autoFocus,
}: CodeFieldProps) {
  const id = useId();
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
      />
    </div>
  );
}
