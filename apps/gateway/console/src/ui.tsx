import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { problemText } from './api';

/** Goes to a console address without reloading the page (the browser's back button still works). */
export function navigate(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** A link inside the console: a real link (open in a new tab works), followed without a reload. */
export function Link(props: { href: string; children: ComponentChildren; class?: string }): JSX.Element {
  const follow = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return (
    <a href={props.href} class={props.class} onClick={follow}>
      {props.children}
    </a>
  );
}

export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return path;
}

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; message: string };

/** Loads `load()` now and whenever `reload()` is called or a key changes. */
export function useLoad<T>(load: () => Promise<T>, keys: unknown[] = []): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setLoaded({ state: 'ready', value }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: problemText(error) }),
    );
    return () => {
      current = false;
    };
  }, [round, ...keys]);
  return [loaded, () => setRound((n) => n + 1)];
}

/** What a loaded value shows while it loads or when it failed. */
export function Show<T>(props: { loaded: Loaded<T>; children: (value: T) => ComponentChildren }): JSX.Element {
  if (props.loaded.state === 'loading') return <p class="muted">Loading…</p>;
  if (props.loaded.state === 'failed') return <Problem text={props.loaded.message} />;
  return <>{props.children(props.loaded.value)}</>;
}

export function Problem(props: { text: string | null }): JSX.Element | null {
  return props.text ? (
    <p class="problem" role="alert">
      {props.text}
    </p>
  ) : null;
}

export function Notice(props: { text: string | null }): JSX.Element {
  return (
    <p class="notice" role="status" aria-live="polite">
      {props.text ?? ''}
    </p>
  );
}

/** Runs an action, remembering that it runs and what went wrong. */
export function useAction(): { busy: boolean; problem: string | null; run: (action: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

export function Section(props: { title: string; children: ComponentChildren }): JSX.Element {
  const id = `section-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      {props.children}
    </section>
  );
}

export function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

/**
 * A button for what cannot be undone: the first press asks (focus moves to the confirming button, so a keyboard
 * or screen reader user lands on the question), the second does it; Cancel puts things back.
 */
export function ConfirmButton(props: { label: string; question: string; confirm: string; busy: boolean; onConfirm: () => void }): JSX.Element {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" disabled={props.busy} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  }
  return (
    <span role="group" aria-label={props.question}>
      <span class="question">{props.question}</span>{' '}
      <button
        type="button"
        class="danger"
        disabled={props.busy}
        ref={(button) => button?.focus()}
        onClick={() => {
          setAsking(false);
          props.onConfirm();
        }}
      >
        {props.confirm}
      </button>
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

/** A column of a Table: its heading, and what each row shows in it. */
export interface Column<T> {
  heading: string;
  /** The heading is read by screen readers only (a column of buttons). */
  hideHeading?: boolean;
  /** The column names its row for screen readers (a row header). */
  rowHeader?: boolean;
  cell: (row: T) => ComponentChildren;
}

/**
 * A data table: its caption, column headings and a row per item, in a box that scrolls sideways when it is wider than
 * a narrow screen. `screenReaderOnly` keeps it out of sight (the numbers behind a chart).
 */
export function Table<T>(props: { caption: ComponentChildren; columns: Column<T>[]; rows: readonly T[]; rowKey: (row: T) => string | number; screenReaderOnly?: boolean }): JSX.Element {
  const table = (
    <table class={props.screenReaderOnly ? 'sr-only' : undefined}>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th key={column.heading} scope="col">
              {column.hideHeading ? <span class="sr-only">{column.heading}</span> : column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)}>
            {props.columns.map((column) =>
              column.rowHeader ? (
                <th key={column.heading} scope="row">
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.heading}>{column.cell(row)}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return props.screenReaderOnly ? table : <div class="table">{table}</div>;
}
