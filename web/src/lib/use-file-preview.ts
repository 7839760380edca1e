import { useEffect, useRef, useState } from 'react';

export interface FilePreview {
  file: File;
  /** An object URL of the file, revoked when the file is replaced or the form goes away. */
  url: string;
}

/** A chosen file with an object URL for previewing it. */
export function useFilePreview() {
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const latest = useRef<FilePreview | null>(null);

  useEffect(() => {
    latest.current = preview;
  });

  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
    },
    [],
  );

  function choose(file: File | null) {
    if (preview) URL.revokeObjectURL(preview.url);
    const next = file ? { file, url: URL.createObjectURL(file) } : null;
    latest.current = next;
    setPreview(next);
  }

  return [preview, choose] as const;
}
