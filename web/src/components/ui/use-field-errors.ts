import { useCallback, useEffect, useRef, useState } from 'react';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The problems of a form's fields, shown beside each field (TextField's
 * `error`). After each `show` the first field marked invalid takes the
 * focus, so a screen reader reads its message with it.
 */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [shown, setShown] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (shown === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

  const show = useCallback((next: FieldErrors<F>) => {
    setErrors(next);
    setShown((n) => n + 1);
  }, []);

  /** Forgets a field's problem, as soon as its value changes. */
  const clear = useCallback((field: F) => {
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { errors, show, clear, formRef };
}
