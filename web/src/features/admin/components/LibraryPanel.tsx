import { AlertTriangle, Folder, FolderX, RefreshCw } from 'lucide-react';
import { Button, EmptyState, Spinner, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useJobStats, type JobRow } from '../api/get-jobs';
import { useLibrary } from '../api/get-library';
import { useStartScan } from '../api/start-scan';
import type { LibraryStatus } from '../api/types';
import { formatDateTime } from './format';

/** The library folders and the scan: its counts, its failures and a Scan now button. */
export function LibraryPanel() {
  const library = useLibrary();
  if (library.isPending) return <PanelLoader />;
  if (library.isError) return <p className="admin-error">{errorMessage(library.error)}</p>;
  const status = library.data;
  if (!status.configured) {
    return (
      <div className="admin-stack">
        <NoFolders />
        <JobsCard />
      </div>
    );
  }
  return (
    <div className="admin-stack">
      <section className="admin-card" aria-labelledby="admin-folders">
        <h2 id="admin-folders" className="admin-card__title">
          Folders
        </h2>
        <ul className="admin-folders">
          {status.folders.map((f) => (
            <li key={f}>
              <Folder size={18} aria-hidden="true" />
              <span className="admin-mono">{f}</span>
            </li>
          ))}
        </ul>
      </section>
      <ScanCard status={status} />
      {status.failures.length > 0 && <Failures status={status} />}
      <JobsCard />
    </div>
  );
}

const jobNames: Record<string, string> = {
  'media.analyze': 'Loudness and streaming copies',
  'media.features': 'Tempo, key and energy',
  'media.transcribe': 'Transcripts',
};

/** Background work: what waits, runs and failed, uploads before library imports. */
function JobsCard() {
  const stats = useJobStats();
  if (!stats.data) return null;
  const { jobs, pending, running, failed } = stats.data;
  const label = (j: JobRow) =>
    `${jobNames[j.kind] ?? j.kind} · ${j.class === 'interactive' ? 'uploads' : j.class === 'bulk' ? 'library' : 'other'}`;
  return (
    <section className="admin-card" aria-labelledby="admin-jobs">
      <h2 id="admin-jobs" className="admin-card__title">
        Background jobs
      </h2>
      <p className="admin-card__sub">
        {pending + running === 0
          ? 'Nothing waiting.'
          : `${pending.toLocaleString()} waiting, ${running.toLocaleString()} running; uploads go first, at low CPU priority.`}
        {failed > 0 && ` ${failed.toLocaleString()} failed.`}
      </p>
      {jobs.length > 0 && (
        <dl className="admin-stats">
          {jobs.map((j) => (
            <div key={`${j.kind}-${j.priority}`} className="admin-stat">
              <dt>{label(j)}</dt>
              <dd>{(j.pending + j.running).toLocaleString()}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function NoFolders() {
  return (
    <EmptyState icon={FolderX} title="No library folders">
      Set <code>MUSICIFY_LIBRARY_DIRS</code> to one or more music folders (separated by{' '}
      <code>:</code>) and restart the server: their songs, albums and artists are imported and kept
      up to date. Uploads work either way.
    </EmptyState>
  );
}

export function PanelLoader() {
  return (
    <div className="row-loader admin-loader">
      <Spinner label="Loading" />
    </div>
  );
}

function ScanCard({ status }: { status: LibraryStatus }) {
  const toast = useToast();
  const scan = useStartScan();
  const start = (full: boolean) =>
    scan.mutate(
      { full },
      {
        onSuccess: (res) =>
          res.started
            ? toast.success(full ? 'Full rescan started.' : 'Scan started.')
            : toast.info('A scan is already running.'),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  const counts: [string, number, string?][] = [
    ['Files seen', status.seen],
    ['Added', status.added],
    ['Updated', status.updated],
    ['Removed', status.removed],
    ['Failed', status.failed, status.failed > 0 ? 'danger' : undefined],
  ];
  return (
    <section className="admin-card" aria-labelledby="admin-scan">
      <div className="admin-card__head">
        <div>
          <h2 id="admin-scan" className="admin-card__title">
            Scan
          </h2>
          <p className="admin-card__sub" role="status">
            {status.running ? (
              <span className="admin-running">
                <Spinner size={14} /> Scanning…
                {status.started && ` started ${formatDateTime(status.started)}`}
              </span>
            ) : status.finished ? (
              `Last scan finished ${formatDateTime(status.finished)}`
            ) : (
              'Not scanned yet'
            )}
          </p>
        </div>
        <div className="admin-card__actions">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => start(true)}
            disabled={status.running}
            loading={scan.isPending && scan.variables.full}
          >
            Full rescan
          </Button>
          <Button
            size="sm"
            icon={<RefreshCw size={16} aria-hidden="true" />}
            onClick={() => start(false)}
            disabled={status.running}
            loading={scan.isPending && !scan.variables.full}
          >
            Scan now
          </Button>
        </div>
      </div>
      <dl className="admin-stats">
        {counts.map(([label, n, tone]) => (
          <div key={label} className={tone ? `admin-stat admin-stat--${tone}` : 'admin-stat'}>
            <dt>{label}</dt>
            <dd>{n.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Failures({ status }: { status: LibraryStatus }) {
  return (
    <section className="admin-card" aria-labelledby="admin-failures">
      <h2 id="admin-failures" className="admin-card__title">
        <AlertTriangle size={18} aria-hidden="true" className="admin-danger-icon" /> Files that
        failed
        {status.failed > status.failures.length && (
          <span className="admin-card__count"> (latest {status.failures.length})</span>
        )}
      </h2>
      <ul className="admin-failures">
        {status.failures.map((f) => (
          <li key={f.path}>
            <span className="admin-mono admin-failures__path">{f.path}</span>
            <span className="admin-failures__reason">{f.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
