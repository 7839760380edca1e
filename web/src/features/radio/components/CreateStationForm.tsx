import { useId, useRef, useState, type FormEvent } from 'react';
import { AlertCircle, CalendarClock, FileAudio, Upload } from 'lucide-react';
import { Button, TextField, useToast } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import { useCreateStation } from '../api/create-station';
import {
  dateInputValue,
  formatCountdown,
  formatOffset,
  formatStart,
  localISO,
  localStart,
} from '../schedule';

/** The server takes names of 1–100 characters. */
const NAME_MAX = 100;
const DEFAULT_TIME = '16:00';
const YEAR_MS = 365 * 24 * 3600 * 1000;

interface Errors {
  name?: string;
  date?: string;
  time?: string;
  audio?: string;
}

interface CreateStationFormProps {
  /** The server's clock (ms), for the start preview. */
  now: number;
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** When the chosen start falls, said plainly under the fields. */
function StartPreview({ start, now }: { start: Date | null; now: number }) {
  if (!start) return null;
  const at = start.getTime();
  const zone = `UTC${formatOffset(-start.getTimezoneOffset())}`;
  return (
    <p className="radio-form__preview">
      <CalendarClock size={16} aria-hidden="true" />
      {at > now ? (
        <span>
          Starts {formatStart(at)} ({zone}), in {formatCountdown(at - now)}
        </span>
      ) : (
        <span>That time has passed: the station goes live as soon as you create it.</span>
      )}
    </p>
  );
}

/**
 * 'Add a radio station': a name, a time (16:00 unless changed), a date
 * (today unless changed) and the audio. The start is that date and time in
 * the creator's own time zone, sent with that day's offset.
 */
export function CreateStationForm({ now }: CreateStationFormProps) {
  const toast = useToast();
  const create = useCreateStation();
  const titleId = useId();
  const audioId = useId();
  const [name, setName] = useState('');
  const [date, setDate] = useState(() => dateInputValue(new Date(now)));
  const [time, setTime] = useState(DEFAULT_TIME);
  const [audio, setAudio] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const audioRef = useRef<HTMLInputElement>(null);
  const busy = create.isPending;
  const start = localStart(date, time);
  const today = dateInputValue(new Date(now));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (name.trim() === '') found.name = 'Please give the station a name.';
    if (time === '') found.time = 'Please choose a time.';
    if (date === '') found.date = 'Please choose a date.';
    else if (time !== '' && !start) found.date = 'Please choose a date and a time that exist.';
    else if (start && start.getTime() - now > YEAR_MS) {
      found.date = 'A station can start at most a year from now.';
    }
    if (!audio) found.audio = 'Please choose an audio file.';
    setErrors(found);
    setFailure(null);
    if (found.name) nameRef.current?.focus();
    else if (found.audio && !found.date && !found.time) audioRef.current?.focus();
    if (Object.keys(found).length > 0 || !start || !audio) return;

    create.mutate(
      { name, date: localISO(start), audio },
      {
        onSuccess: (station) => {
          toast.success(`Station “${station.radio_name}” created`);
          setName('');
          setAudio(null);
          if (audioRef.current) audioRef.current.value = '';
        },
        onError: (err) => {
          // A refusal of one field shows beside it; the rest above the form.
          const problem = fieldError(err, ['name', 'date', 'audio'] as const);
          if (problem) {
            setErrors({ [problem.field]: problem.message });
            if (problem.field === 'name') nameRef.current?.focus();
            else if (problem.field === 'audio') audioRef.current?.focus();
            return;
          }
          const message = errorMessage(err);
          setFailure(message);
          toast.error(message);
        },
      },
    );
  }

  return (
    <section className="radio-form-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="radio-form-card__title">
        Add a radio station
      </h2>
      <p className="radio-form-card__text">
        Pick a start and an audio file. From then on it plays on a loop, and everyone who joins
        hears the same second.
      </p>
      <form className="radio-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        {failure && (
          <p className="radio-form__failure">
            <AlertCircle size={18} aria-hidden="true" />
            <span>{failure}</span>
          </p>
        )}
        <TextField
          ref={nameRef}
          label="Station Name"
          name="name"
          required
          autoComplete="off"
          maxLength={NAME_MAX}
          placeholder="Morning Show"
          value={name}
          disabled={busy}
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            if (errors.name) setErrors(({ name: _, ...rest }) => rest);
          }}
        />
        <div className="radio-form__when">
          <TextField
            label="Select time"
            name="time"
            type="time"
            required
            min="00:00"
            max="23:59"
            value={time}
            disabled={busy}
            error={errors.time}
            onChange={(e) => {
              setTime(e.target.value);
              setErrors(({ time: _, ...rest }) => rest);
            }}
          />
          <TextField
            label="Date"
            name="date"
            type="date"
            required
            min={today}
            value={date}
            disabled={busy}
            error={errors.date}
            onChange={(e) => {
              setDate(e.target.value);
              setErrors(({ date: _, ...rest }) => rest);
            }}
          />
        </div>
        <StartPreview start={start} now={now} />
        <div className="field">
          <span id={`${audioId}-label`} className="field__label">
            Audio file
          </span>
          <label
            htmlFor={audioId}
            className={[
              'radio-file',
              audio && 'radio-file--chosen',
              errors.audio && 'radio-file--invalid',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <input
              ref={audioRef}
              id={audioId}
              className="visually-hidden"
              type="file"
              name="audio"
              accept="audio/*"
              required
              disabled={busy}
              aria-labelledby={`${audioId}-label`}
              aria-describedby={errors.audio ? `${audioId}-error` : undefined}
              aria-invalid={errors.audio ? true : undefined}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                setAudio(file);
                setErrors(({ audio: _, ...rest }) => rest);
              }}
            />
            <span className="radio-file__icon" aria-hidden="true">
              {audio ? <FileAudio size={20} /> : <Upload size={20} />}
            </span>
            <span className="radio-file__text">
              <span className="radio-file__name">
                {audio ? audio.name : 'Choose an audio file'}
              </span>
              <span className="radio-file__meta">
                {audio
                  ? `${formatSize(audio.size)} · click to replace`
                  : 'MP3, Ogg, Opus, FLAC or WAV'}
              </span>
            </span>
          </label>
          {errors.audio && (
            <p id={`${audioId}-error`} className="field__error">
              {errors.audio}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" block loading={busy}>
          Create
        </Button>
      </form>
    </section>
  );
}
