import { useId, useRef, useState, type FormEvent } from 'react';
import { AlertCircle } from 'lucide-react';
import { Button, TextField, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import type { Song } from '@/lib/song';
import { useUploadSong } from '../api/upload-song';
import { useFilePreview } from '@/lib/use-file-preview';
import {
  MAX_LYRICS_LENGTH,
  MAX_NAME_LENGTH,
  validateUpload,
  type UploadErrors,
} from '../validation';
import { nameFromFileName, readTitle } from '../read-title';
import { AudioPicker, CoverPicker } from './FilePickers';

interface UploadFormProps {
  onUploaded: (song: Song) => void;
}

/** The server's names of the form's fields (docs/api.md), and this form's. */
const SERVER_FIELDS = { song: 'name', audio: 'audio', cover: 'cover', text: 'text' } as const;
const SERVER_FIELD_NAMES = Object.keys(SERVER_FIELDS) as (keyof typeof SERVER_FIELDS)[];

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/**
 * The upload form: name, audio (with a preview), an optional cover and
 * lyrics. Checked here first, then sent with a progress bar; a failure shows
 * the server's message and keeps everything that was filled in.
 */
export function UploadForm({ onUploaded }: UploadFormProps) {
  const toast = useToast();
  const upload = useUploadSong();
  const lyricsId = useId();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [audio, chooseAudio] = useFilePreview();
  const [cover, chooseCover] = useFilePreview();
  const [errors, setErrors] = useState<UploadErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const nameRef = useRef<HTMLInputElement>(null);
  const audioRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const chosenRef = useRef<File | null>(null);
  const prefilledRef = useRef('');
  const [readingTags, setReadingTags] = useState(false);
  const busy = upload.isPending;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const found = validateUpload({
      name,
      audio: audio?.file ?? null,
      cover: cover?.file ?? null,
      text,
    });
    setErrors(found);
    setFailure(null);
    if (found.name) nameRef.current?.focus();
    else if (found.audio) audioRef.current?.focus();
    if (Object.keys(found).length > 0 || !audio) return;

    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    upload.mutate(
      {
        name,
        audio: audio.file,
        cover: cover?.file ?? null,
        text,
        onProgress: setProgress,
        signal: controller.signal,
      },
      {
        onSuccess: (song) => {
          toast.success(`Uploaded “${song.song}”`);
          onUploaded(song);
        },
        onError: (err) => {
          if (isAbort(err)) {
            toast.info('Upload canceled');
            return;
          }
          // A refusal of one field (not audio, too long…) shows beside it, and the field takes
          // the focus; one about the whole upload (quota, outage) stays above the form.
          const problem = fieldError(err, SERVER_FIELD_NAMES);
          if (problem) {
            const field = SERVER_FIELDS[problem.field];
            setErrors({ [field]: problem.message });
            if (field === 'name') nameRef.current?.focus();
            else if (field === 'audio') audioRef.current?.focus();
            return;
          }
          const message = errorMessage(err);
          setFailure(message);
          toast.error(message);
        },
        onSettled: () => {
          abortRef.current = null;
        },
      },
    );
  }

  const chooseAudioFile = (file: File | null) => {
    chooseAudio(file);
    setErrors(({ audio: _, cover: __, ...rest }) => rest);
    chosenRef.current = file;
    // The name comes from the file's tags (else its file name) unless the person typed one.
    if (file && (name.trim() === '' || name === prefilledRef.current)) {
      setReadingTags(true);
      void readTitle(file).then((title) => {
        if (chosenRef.current !== file) return; // another file was chosen meanwhile
        setReadingTags(false);
        const guess = (title ?? nameFromFileName(file.name)).slice(0, MAX_NAME_LENGTH);
        prefilledRef.current = guess;
        setName((typed) => (typed.trim() === '' || typed === name ? guess : typed));
        setErrors(({ name: _, ...rest }) => rest);
      });
    }
  };
  const chooseCoverFile = (file: File | null) => {
    chooseCover(file);
    setErrors(({ cover: _, ...rest }) => rest);
  };

  return (
    <form
      className="upload-form"
      onSubmit={onSubmit}
      noValidate
      aria-busy={busy || undefined}
      data-reading-tags={readingTags || undefined}
    >
      {failure && (
        <p className="upload-form__failure">
          <AlertCircle size={18} aria-hidden="true" />
          <span>{failure}</span>
        </p>
      )}
      <div className="upload-form__main">
        <TextField
          ref={nameRef}
          label="Song name"
          name="song"
          required
          autoComplete="off"
          maxLength={MAX_NAME_LENGTH + 50}
          placeholder="What is it called?"
          value={name}
          disabled={busy}
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            if (errors.name) setErrors(({ name: _, ...rest }) => rest);
          }}
        />
        <AudioPicker
          preview={audio}
          onChoose={chooseAudioFile}
          error={errors.audio}
          disabled={busy}
          inputRef={audioRef}
        />
      </div>
      <div className="upload-form__side">
        <CoverPicker
          preview={cover}
          onChoose={chooseCoverFile}
          error={errors.cover}
          disabled={busy}
        />
      </div>
      <div className="field upload-form__lyrics">
        <div className="field__label-row">
          <label className="field__label" htmlFor={lyricsId}>
            Lyrics
          </label>
          <span className="picker__optional">Optional</span>
        </div>
        <textarea
          id={lyricsId}
          className="field__input upload-form__textarea"
          name="text"
          rows={5}
          placeholder="Paste the words of the song, if it has any."
          value={text}
          disabled={busy}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${lyricsId}-error` : undefined}
          maxLength={MAX_LYRICS_LENGTH + 1000}
          onChange={(e) => setText(e.target.value)}
        />
        {errors.text && (
          <p id={`${lyricsId}-error`} className="field__error">
            {errors.text}
          </p>
        )}
      </div>
      <div className="upload-form__actions">
        {busy && (
          <div className="upload-progress">
            <div className="upload-progress__label">
              <span>{progress < 100 ? 'Uploading…' : 'Checking the file…'}</span>
              <span>{progress}%</span>
            </div>
            <div
              className="upload-progress__track"
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <span
                className="upload-progress__bar"
                style={{ transform: `scaleX(${progress / 100})` }}
              />
            </div>
          </div>
        )}
        <div className="upload-form__buttons">
          {busy && (
            <Button variant="ghost" onClick={() => abortRef.current?.abort()}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="lg" loading={busy}>
            Submit
          </Button>
        </div>
      </div>
    </form>
  );
}
