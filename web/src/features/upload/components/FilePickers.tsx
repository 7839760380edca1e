import { useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { CloudUpload, FileAudio, ImagePlus, X } from 'lucide-react';
import type { FilePreview } from '@/lib/use-file-preview';
import { formatSize, MAX_UPLOAD_MB } from '../validation';

interface PickerProps {
  preview: FilePreview | null;
  onChoose: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** The first file of a change or a drop; a cancelled file dialog keeps the file chosen before. */
function firstFile(files: FileList | null): File | null {
  return files && files.length > 0 ? (files[0] ?? null) : null;
}

/** 'Upload Song': a drop zone that also opens the file dialog, and a player for the chosen file. */
export function AudioPicker({ preview, onChoose, error, disabled, inputRef }: PickerProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    const file = firstFile(e.dataTransfer.files);
    if (file && !disabled) onChoose(file);
  }

  return (
    <div className="picker picker--audio">
      <span id={`${id}-label`} className="field__label">
        Upload Song
      </span>
      <label
        htmlFor={`${id}-input`}
        className={[
          'dropzone',
          dragging && 'dropzone--over',
          preview && 'dropzone--chosen',
          error && 'dropzone--invalid',
        ]
          .filter(Boolean)
          .join(' ')}
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="visually-hidden"
          type="file"
          name="audio"
          accept="audio/*"
          required
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const file = firstFile(e.target.files);
            if (file) onChoose(file);
          }}
        />
        {preview ? (
          <span className="dropzone__chosen">
            <span className="dropzone__icon dropzone__icon--file" aria-hidden="true">
              <FileAudio size={22} />
            </span>
            <span className="dropzone__file">
              <span className="dropzone__name">{preview.file.name}</span>
              <span className="dropzone__meta">
                {formatSize(preview.file.size)} · click or drop to replace
              </span>
            </span>
          </span>
        ) : (
          <>
            <span className="dropzone__icon" aria-hidden="true">
              <CloudUpload size={26} />
            </span>
            <span className="dropzone__title">Drop your song here</span>
            <span className="dropzone__text">
              or <span className="dropzone__browse">browse your files</span>
            </span>
          </>
        )}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        MP3, AAC, Ogg, Opus, FLAC, WAV, AIFF or WebM, up to {MAX_UPLOAD_MB} MB.
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {preview && (
        // The preview of a local file before upload: no captions exist for it yet.
        // eslint-disable-next-line jsx-a11y-x/media-has-caption
        <audio
          className="picker__audio"
          controls
          preload="metadata"
          src={preview.url}
          aria-label="Preview of the chosen song"
        />
      )}
    </div>
  );
}

/** 'Upload Song Cover': an optional image with its preview. */
export function CoverPicker({ preview, onChoose, error, disabled }: Omit<PickerProps, 'inputRef'>) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function remove() {
    // Clear the input too, so choosing the same image again counts as a change.
    if (inputRef.current) inputRef.current.value = '';
    onChoose(null);
  }

  return (
    <div className="picker picker--cover">
      <div className="field__label-row">
        <span id={`${id}-label`} className="field__label">
          Upload Song Cover
        </span>
        <span className="picker__optional">Optional</span>
      </div>
      <div className="cover-tile-wrap">
        <label
          htmlFor={`${id}-input`}
          className={error ? 'cover-tile cover-tile--invalid' : 'cover-tile'}
        >
          <input
            ref={inputRef}
            id={`${id}-input`}
            className="visually-hidden"
            type="file"
            name="cover"
            accept="image/*"
            disabled={disabled}
            aria-labelledby={`${id}-label`}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              const file = firstFile(e.target.files);
              if (file) onChoose(file);
            }}
          />
          {preview ? (
            <img className="cover-tile__img" src={preview.url} alt="Preview of the chosen cover" />
          ) : (
            <span className="cover-tile__empty">
              <ImagePlus size={28} aria-hidden="true" />
              <span>Add a cover</span>
            </span>
          )}
        </label>
        {preview && !disabled && (
          <button
            type="button"
            className="cover-tile__remove"
            onClick={remove}
            aria-label="Remove the cover"
            title="Remove the cover"
          >
            <X size={16} aria-hidden="true" />
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
