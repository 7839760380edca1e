import './Spinner.css';

interface SpinnerProps {
  /** Read to screen readers; omit when the spinner sits in a labelled busy control. */
  label?: string;
  size?: number;
}

export function Spinner({ label, size = 20 }: SpinnerProps) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
    >
      {label && <span className="visually-hidden">{label}</span>}
    </span>
  );
}

export function PageLoader({ full = false }: { full?: boolean }) {
  return (
    <div className={full ? 'page-loader page-loader--full' : 'page-loader'}>
      <Spinner label="Loading" size={32} />
    </div>
  );
}
