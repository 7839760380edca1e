import { useId, useState, type FormEvent } from 'react';
import { CheckCircle2, FileMusic, TriangleAlert } from 'lucide-react';
import { Button, ButtonLink, Dialog, TextField } from '@/components/ui';
import { errorMessage, fieldError } from '@/lib/api-client';
import {
  fileProblem,
  nameFromFile,
  PLAYLIST_FILE_EXTENSIONS,
  useImportPlaylist,
  type ImportReport,
  type UnmatchedEntry,
} from '../api/playlist-files';
import { MAX_NAME } from './CreatePlaylistDialog';
import './playlist-files.css';

/** 'Import playlist': a playlist file and a name, then the report of what was found. */
export function ImportPlaylistDialog({ onClose }: { onClose: () => void }) {
  const [report, setReport] = useState<ImportReport | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title={report ? 'Playlist imported' : 'Import playlist'}
      description={
        report ? undefined : 'M3U, M3U8, PLS or XSPF from another player or another computer.'
      }
    >
      {report ? (
        <ImportResult report={report} onClose={onClose} />
      ) : (
        <ImportForm onDone={setReport} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ImportForm({
  onDone,
  onClose,
}: {
  onDone: (r: ImportReport) => void;
  onClose: () => void;
}) {
  const id = useId();
  const save = useImportPlaylist();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) {
      setFileError('Choose a playlist file to import.');
      return;
    }
    const problem = fileProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    if (name.trim() === '') {
      setNameError('Please give the playlist a name.');
      return;
    }
    save.mutate(
      { name, file },
      {
        onSuccess: onDone,
        onError: (err) => {
          const problem = fieldError(err, ['name', 'file'] as const);
          if (problem?.field === 'name') setNameError(problem.message);
          else setFileError(problem ? problem.message : errorMessage(err));
        },
      },
    );
  }

  return (
    <form className="pl-form" onSubmit={onSubmit} noValidate>
      <div className="plf-pick">
        <label
          htmlFor={`${id}-file`}
          className={fileError ? 'plf-drop plf-drop--invalid' : 'plf-drop'}
        >
          <FileMusic size={28} aria-hidden="true" />
          <span className="plf-drop__title">{file ? file.name : 'Choose a playlist file'}</span>
          <span className="plf-drop__hint">
            {file
              ? `${(file.size / 1024).toFixed(1)} KB`
              : '.m3u, .m3u8, .pls or .xspf, up to 5 MB'}
          </span>
        </label>
        <input
          id={`${id}-file`}
          className="plf-pick__input"
          type="file"
          name="file"
          aria-label="Playlist file"
          accept={[...PLAYLIST_FILE_EXTENSIONS, 'audio/x-mpegurl', 'application/xspf+xml'].join(
            ',',
          )}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${id}-error` : undefined}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setFileError(chosen ? fileProblem(chosen) : null);
            if (chosen && name.trim() === '') setName(nameFromFile(chosen.name).slice(0, MAX_NAME));
          }}
        />
        {fileError && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {fileError}
          </p>
        )}
      </div>
      <TextField
        label="Playlist name"
        name="name"
        required
        maxLength={MAX_NAME}
        autoComplete="off"
        placeholder="My road trip mix"
        value={name}
        error={nameError}
        onChange={(e) => {
          setName(e.target.value);
          setNameError(null);
        }}
      />
      <p className="plf-note">
        Songs are matched by their path in the library, then by title and artist. You will see which
        ones were not found.
      </p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Import
        </Button>
      </div>
    </form>
  );
}

/** What an entry was, for a person: its line, its title and artist, its path. */
function describe(e: UnmatchedEntry) {
  const title = [e.artist, e.title].filter(Boolean).join(' – ');
  return {
    where: e.line ? `Line ${e.line}` : `Entry ${e.index}`,
    title: title || e.location || 'Unnamed entry',
    path: title ? e.location : undefined,
  };
}

function ImportResult({ report, onClose }: { report: ImportReport; onClose: () => void }) {
  const all = report.unmatched.length === 0;
  return (
    <div className="pl-form">
      <div className={all ? 'plf-summary plf-summary--all' : 'plf-summary'} role="status">
        {all ? (
          <CheckCircle2 size={28} aria-hidden="true" />
        ) : (
          <TriangleAlert size={28} aria-hidden="true" />
        )}
        <div>
          <p className="plf-summary__count">
            {report.found} of {report.entries} songs found
          </p>
          <p className="plf-summary__text">
            “{report.playlist.name}” is ready
            {report.repeated > 0 && ` (${report.repeated} listed twice, kept once)`}.
          </p>
        </div>
      </div>
      {!all && (
        <section aria-labelledby="plf-missing" className="plf-missing">
          <h3 id="plf-missing" className="plf-missing__title">
            Not found ({report.unmatched.length})
          </h3>
          <ul className="plf-missing__list" aria-label="Songs not found">
            {report.unmatched.map((e) => {
              const d = describe(e);
              return (
                <li key={e.index} className="plf-missing__item">
                  <span className="plf-missing__where">{d.where}</span>
                  <span className="plf-missing__what">
                    <span className="plf-missing__name">{d.title}</span>
                    {d.path && <span className="plf-missing__path">{d.path}</span>}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
        <ButtonLink to={`/player/${report.playlist._id}`} onClick={onClose}>
          Open playlist
        </ButtonLink>
      </div>
    </div>
  );
}
