import { useEffect, useId, useState, type FormEvent } from 'react';
import { FolderPlus, Plus, Sparkles, Trash2, X } from 'lucide-react';
import { Button, Modal, PageLoader, TextField, useToast } from '@/components/ui';
import { api, ApiError, errorMessage, fieldError } from '@/lib/api-client';
import { formatTime, plural } from '@/lib/format';
import { usePreview, useSaveSmart, useSmartFields } from '../api/smart';
import {
  EMPTY_RULES,
  KEYS,
  countConditions,
  defaultValue,
  isGroup,
  newCondition,
  opLabel,
  opsOf,
  updateGroup,
  valueForOp,
  type Condition,
  type Field,
  type FieldCatalog,
  type Group,
  type MaybeSmart,
  type Path,
  type RuleValue,
  type SmartRules,
} from '../smart/rules';
import { MAX_NAME } from './CreatePlaylistDialog';
import './smart.css';

/** Rules as they were a moment ago: the preview asks once typing pauses. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

interface SmartEditorProps {
  /** The playlist whose rules are edited; none for a new smart playlist. */
  playlist?: MaybeSmart;
  onClose: () => void;
  onSaved?: (p: MaybeSmart) => void;
}

/**
 * The smart playlist editor: a name, rules in groups that match all or any and nest, a sort
 * and a limit, with a live preview of the songs they match. A sheet on phones.
 */
export function SmartEditor({ playlist, onClose, onSaved }: SmartEditorProps) {
  const titleId = useId();
  const fields = useSmartFields();
  const title = playlist ? 'Edit smart playlist' : 'New smart playlist';
  return (
    <Modal className="dialog smart-dialog" onClose={onClose} aria-labelledby={titleId}>
      <div className="dialog__panel smart-dialog__panel">
        <header className="dialog__head smart-dialog__head">
          <h2 id={titleId} className="dialog__title">
            <Sparkles size={20} aria-hidden="true" className="smart-dialog__icon" />
            {title}
          </h2>
          <button type="button" className="dialog__close" onClick={onClose} aria-label="Close">
            <X size={20} aria-hidden="true" />
          </button>
        </header>
        {fields.isPending ? (
          <PageLoader />
        ) : fields.isError ? (
          <p className="smart-error" role="alert">
            {errorMessage(fields.error)}
          </p>
        ) : (
          <EditorForm
            catalog={fields.data}
            playlist={playlist}
            onClose={onClose}
            onSaved={onSaved}
          />
        )}
      </div>
    </Modal>
  );
}

function EditorForm({
  catalog,
  playlist,
  onClose,
  onSaved,
}: SmartEditorProps & { catalog: FieldCatalog }) {
  const toast = useToast();
  const save = useSaveSmart(playlist?._id);
  const [name, setName] = useState(playlist?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [rules, setRules] = useState<SmartRules>(
    () => playlist?.rules ?? { ...EMPTY_RULES, rules: [newCondition(catalog)] },
  );
  const [limitText, setLimitText] = useState(rules.limit ? String(rules.limit) : '');
  const settled = useSettled(rules);
  const preview = usePreview(settled, playlist?._id);
  const previewProblem = preview.error instanceof ApiError ? preview.error.message : null;

  function setLimit(text: string) {
    setLimitText(text);
    const n = Number(text);
    setRules((r) => ({ ...r, limit: text.trim() === '' || !Number.isFinite(n) ? undefined : n }));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setNameError('Please give the playlist a name.');
      return;
    }
    try {
      if (playlist && trimmed !== playlist.name) {
        await api(`/api/playlist/${encodeURIComponent(playlist._id)}`, {
          method: 'PUT',
          body: { name: trimmed },
        });
      }
      const res = await save.mutateAsync({ name: trimmed, rules });
      toast.success(playlist ? `Saved “${res.playlist.name}”` : `Created “${res.playlist.name}”`);
      onSaved?.(res.playlist);
      onClose();
    } catch (err) {
      const problem = fieldError(err, ['name'] as const);
      if (problem) setNameError(problem.message);
      else toast.error(errorMessage(err));
    }
  }

  const count = preview.data?.count;
  const sortable = catalog.fields;
  return (
    <form className="smart" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="smart__edit">
        <TextField
          label="Name"
          name="name"
          maxLength={MAX_NAME}
          autoComplete="off"
          placeholder="Fresh favourites"
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
        />
        <GroupEditor
          catalog={catalog}
          group={rules}
          path={[]}
          depth={1}
          onChange={(path, change) => setRules((r) => updateGroup(r, path, change))}
        />
        <fieldset className="smart__order">
          <legend className="smart__legend">Order and size</legend>
          <label className="smart-select">
            <span>Sort by</span>
            <select
              value={rules.sort ?? ''}
              onChange={(e) => setRules((r) => ({ ...r, sort: e.target.value || undefined }))}
            >
              <option value="">Newest first</option>
              {sortable.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.label}
                </option>
              ))}
              <option value="random">Random, new every day</option>
            </select>
          </label>
          {rules.sort && rules.sort !== 'random' && (
            <label className="smart-select">
              <span>Order</span>
              <select
                value={rules.order ?? 'asc'}
                onChange={(e) =>
                  setRules((r) => ({ ...r, order: e.target.value as 'asc' | 'desc' }))
                }
              >
                <option value="asc">Ascending</option>
                <option value="desc">Descending</option>
              </select>
            </label>
          )}
          <label className="smart-input smart-input--limit">
            <span>Limit</span>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={catalog.maxLimit}
              placeholder="No limit"
              value={limitText}
              onChange={(e) => setLimit(e.target.value)}
            />
          </label>
        </fieldset>
      </div>

      <section className="smart__preview" aria-label="Preview" aria-busy={preview.isFetching}>
        <p className="smart__count" aria-live="polite" data-testid="smart-count">
          {previewProblem ? (
            <span className="smart__problem">{previewProblem}</span>
          ) : count === undefined ? (
            'Counting songs…'
          ) : (
            <>
              <strong>{plural(count, 'song')}</strong> {count === 1 ? 'matches' : 'match'}
            </>
          )}
        </p>
        {!previewProblem && preview.data && preview.data.songs.length > 0 && (
          <ol className="smart__songs" aria-label="Matching songs">
            {preview.data.songs.map((s) => (
              <li key={s._id} className="smart__song">
                <img src={s.coverSmall} alt="" width={40} height={40} loading="lazy" />
                <span className="smart__song-text">
                  <span className="smart__song-title">{s.song}</span>
                  <span className="smart__song-artist">{s.artist}</span>
                </span>
                <span className="smart__song-time">{formatTime(s.duration)}</span>
              </li>
            ))}
          </ol>
        )}
        {!previewProblem && count === 0 && (
          <p className="smart__empty">
            No song matches yet. Loosen a condition or switch a group to “any”.
          </p>
        )}
      </section>

      <div className="smart__footer">
        {count !== undefined && !previewProblem && (
          <p className="smart__mini-count" aria-hidden="true">
            <strong>{plural(count, 'song')}</strong> {count === 1 ? 'matches' : 'match'}
          </p>
        )}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {playlist ? 'Save rules' : 'Create smart playlist'}
          </Button>
        </div>
      </div>
    </form>
  );
}

interface GroupEditorProps {
  catalog: FieldCatalog;
  group: Group;
  path: Path;
  depth: number;
  onChange: (path: Path, change: (g: Group) => Group) => void;
  onRemove?: () => void;
}

function GroupEditor({ catalog, group, path, depth, onChange, onRemove }: GroupEditorProps) {
  const change = (c: (g: Group) => Group) => onChange(path, c);
  const matchId = useId();
  const nested = depth > 1;
  return (
    <div
      className={`smart-group${nested ? ' smart-group--nested' : ''}`}
      role="group"
      aria-label={nested ? `Group at level ${depth}` : 'Rules'}
    >
      <div className="smart-group__head">
        <span id={matchId} className="smart-group__match-label">
          {nested ? 'Songs matching' : 'Include songs matching'}
        </span>
        <div className="smart-seg" role="radiogroup" aria-labelledby={matchId}>
          {(['all', 'any'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={group.match === m}
              className="smart-seg__option"
              onClick={() => change((g) => ({ ...g, match: m }))}
            >
              {m}
            </button>
          ))}
        </div>
        <span className="smart-group__match-label smart-group__suffix">of these</span>
        {onRemove && (
          <button
            type="button"
            className="smart-icon-btn"
            onClick={onRemove}
            aria-label="Remove group"
          >
            <Trash2 size={17} aria-hidden="true" />
          </button>
        )}
      </div>
      {group.rules.length === 0 && (
        <p className="smart-group__empty">No conditions: every song is included.</p>
      )}
      <ul className="smart-group__rules">
        {group.rules.map((r, i) => {
          const remove = () => change((g) => ({ ...g, rules: g.rules.filter((_, j) => j !== i) }));
          return (
            <li key={i}>
              {isGroup(r) ? (
                <GroupEditor
                  catalog={catalog}
                  group={r}
                  path={[...path, i]}
                  depth={depth + 1}
                  onChange={onChange}
                  onRemove={remove}
                />
              ) : (
                <ConditionEditor
                  catalog={catalog}
                  condition={r}
                  onChange={(c) =>
                    change((g) => ({ ...g, rules: g.rules.map((x, j) => (j === i ? c : x)) }))
                  }
                  onRemove={remove}
                />
              )}
            </li>
          );
        })}
      </ul>
      <div className="smart-group__add">
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => change((g) => ({ ...g, rules: [...g.rules, newCondition(catalog)] }))}
          disabled={countConditions(group) >= 50}
        >
          Add condition
        </Button>
        {depth < catalog.maxDepth && (
          <Button
            size="sm"
            variant="ghost"
            icon={<FolderPlus size={16} aria-hidden="true" />}
            onClick={() =>
              change((g) => ({
                ...g,
                rules: [...g.rules, { match: 'any', rules: [newCondition(catalog, 'genre')] }],
              }))
            }
          >
            Add group
          </Button>
        )}
      </div>
    </div>
  );
}

interface ConditionEditorProps {
  catalog: FieldCatalog;
  condition: Condition;
  onChange: (c: Condition) => void;
  onRemove: () => void;
}

function ConditionEditor({ catalog, condition, onChange, onRemove }: ConditionEditorProps) {
  const field = catalog.fields.find((f) => f.name === condition.field) ?? catalog.fields[0]!;
  const ops = opsOf(catalog, field);
  return (
    <div className="smart-cond" role="group" aria-label={`Condition on ${field.label}`}>
      <label className="smart-select smart-cond__field">
        <span className="visually-hidden">Field</span>
        <select
          value={field.name}
          onChange={(e) => {
            const next = catalog.fields.find((f) => f.name === e.target.value) ?? field;
            if (next.kind === field.kind && (next.never || condition.op !== 'never')) {
              onChange({
                ...condition,
                field: next.name,
                value: next.kind === 'number' ? defaultValue(next, condition.op) : condition.value,
              });
              return;
            }
            const op = opsOf(catalog, next)[0]!;
            onChange({ field: next.name, op, value: defaultValue(next, op) });
          }}
        >
          {catalog.fields.map((f) => (
            <option key={f.name} value={f.name}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <label className="smart-select smart-cond__op">
        <span className="visually-hidden">Operator</span>
        <select
          value={condition.op}
          onChange={(e) =>
            onChange({
              ...condition,
              op: e.target.value,
              value: valueForOp(field, condition.op, e.target.value, condition.value),
            })
          }
        >
          {ops.map((op) => (
            <option key={op} value={op}>
              {opLabel(field.kind, op)}
            </option>
          ))}
        </select>
      </label>
      <div className="smart-cond__value">
        <ValueInput
          field={field}
          op={condition.op}
          value={condition.value}
          onChange={(value) => onChange({ ...condition, value })}
        />
      </div>
      <button
        type="button"
        className="smart-icon-btn smart-cond__remove"
        onClick={onRemove}
        aria-label={`Remove condition on ${field.label}`}
      >
        <X size={18} aria-hidden="true" />
      </button>
    </div>
  );
}

interface ValueInputProps {
  field: Field;
  op: string;
  value: RuleValue | undefined;
  onChange: (v: RuleValue) => void;
}

/** The value input a field and operator call for: text, a number, a date, days, a toggle, a key. */
function ValueInput({ field, op, value, onChange }: ValueInputProps) {
  const num = (v: string) => (v === '' ? 0 : Number(v));
  if (op === 'never') return <span className="smart-cond__none">played</span>;
  switch (field.kind) {
    case 'text':
      return (
        <input
          className="smart-field"
          type="text"
          aria-label={`${field.label} text`}
          placeholder={`${field.label}…`}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'bool':
      return (
        <div className="smart-seg" role="radiogroup" aria-label={field.label}>
          {[true, false].map((b) => (
            <button
              key={String(b)}
              type="button"
              role="radio"
              aria-checked={value === b}
              className="smart-seg__option"
              onClick={() => onChange(b)}
            >
              {b ? 'Yes' : 'No'}
            </button>
          ))}
        </div>
      );
    case 'key':
      return (
        <label className="smart-select">
          <span className="visually-hidden">Key</span>
          <select
            value={typeof value === 'string' ? value : 'A minor'}
            onChange={(e) => onChange(e.target.value)}
          >
            {KEYS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
      );
    case 'date':
      if (op === 'inTheLast' || op === 'notInTheLast') {
        return (
          <span className="smart-unit">
            <input
              className="smart-field smart-field--short"
              type="number"
              inputMode="numeric"
              min={1}
              aria-label="Days"
              value={typeof value === 'number' ? value : ''}
              onChange={(e) => onChange(num(e.target.value))}
            />
            <span>days</span>
          </span>
        );
      }
      if (op === 'between') {
        const pair: [string, string] = Array.isArray(value)
          ? (value as [string, string])
          : ['', ''];
        return (
          <span className="smart-pair">
            <input
              className="smart-field"
              type="date"
              aria-label="From"
              value={pair[0]}
              onChange={(e) => onChange([e.target.value, pair[1]])}
            />
            <span>and</span>
            <input
              className="smart-field"
              type="date"
              aria-label="To"
              value={pair[1]}
              onChange={(e) => onChange([pair[0], e.target.value])}
            />
          </span>
        );
      }
      return (
        <input
          className="smart-field"
          type="date"
          aria-label="Date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number': {
      const unit = field.name === 'length' ? 'sec' : field.name === 'energy' ? '%' : '';
      const input = (v: number | undefined, set: (n: number) => void, label: string) => (
        <input
          className="smart-field smart-field--short"
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          aria-label={label}
          value={v ?? ''}
          onChange={(e) => set(num(e.target.value))}
        />
      );
      if (op === 'between') {
        const pair: [number, number] = Array.isArray(value) ? (value as [number, number]) : [0, 0];
        return (
          <span className="smart-pair">
            {input(pair[0], (n) => onChange([n, pair[1]]), `${field.label} from`)}
            <span>and</span>
            {input(pair[1], (n) => onChange([pair[0], n]), `${field.label} to`)}
            {unit && <span>{unit}</span>}
          </span>
        );
      }
      return (
        <span className="smart-unit">
          {input(typeof value === 'number' ? value : undefined, onChange, field.label)}
          {unit && <span>{unit}</span>}
        </span>
      );
    }
  }
}
