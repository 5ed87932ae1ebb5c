import { render, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { consoleClient, currentSession, signOut, type Session } from './api';
import { AccountPage } from './account';
import { AppPage, AppsList } from './apps';
import { SignIn } from './sign-in';
import { Link, navigate, usePath } from './ui';
import './console.css';

const NAV: ReadonlyArray<[string, string]> = [
  ['Apps', '/account'],
  ['API keys', '/account/keys'],
  ['Webhooks', '/account/webhooks'],
  ['Credits and plan', '/account/billing'],
];

function Console(): JSX.Element {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const path = usePath();
  useEffect(() => {
    currentSession().then(setSession, () => setSession(null));
  }, []);
  useEffect(() => {
    document.getElementById('main')?.focus();
  }, [path]);

  if (session === undefined) return <p class="muted">Loading…</p>;
  if (session === null) {
    return (
      <Frame>
        <SignIn onSignedIn={setSession} />
      </Frame>
    );
  }
  const client = consoleClient(session);
  const leave = async () => {
    await signOut(session);
    setSession(null);
    navigate('/account');
  };
  const app = /^\/account\/apps\/([^/]+)/.exec(path);
  let page: JSX.Element;
  if (app) page = <AppPage client={client} appId={decodeURIComponent(app[1])} />;
  else if (path === '/account/keys' || path === '/account/webhooks' || path === '/account/billing') page = <AccountPage client={client} part={path.slice(9)} />;
  else page = <AppsList client={client} />;
  return (
    <Frame
      nav={
        <>
          <nav aria-label="Console">
            <ul>
              {NAV.map(([text, href]) => (
                <li key={href}>
                  <Link href={href}>{text}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <p class="who">
            <span>{session.account.email}</span>{' '}
            <button type="button" class="link" onClick={leave}>
              Sign out
            </button>
          </p>
        </>
      }
    >
      {page}
    </Frame>
  );
}

function Frame(props: { nav?: JSX.Element; children: JSX.Element }): JSX.Element {
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header>
        <a class="brand" href="/">
          appgen
        </a>
        {props.nav}
      </header>
      <main id="main" tabIndex={-1}>
        {props.children}
      </main>
    </>
  );
}

const root = document.getElementById('console');
if (root) {
  root.textContent = '';
  render(<Console />, root);
}
