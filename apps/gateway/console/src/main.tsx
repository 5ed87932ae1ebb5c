import { render, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { consoleClient, currentSession, SESSION_ENDED, signOut, type Session } from './api';
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
  const [ended, setEnded] = useState(false);
  const path = usePath();
  useEffect(() => {
    currentSession().then(setSession, () => setSession(null));
    // The session ended under the page (expired, signed out elsewhere): sign in again right here, at the same
    // address, so the console comes back where the person was.
    const end = () => {
      setEnded(true);
      setSession(null);
    };
    addEventListener(SESSION_ENDED, end);
    return () => removeEventListener(SESSION_ENDED, end);
  }, []);
  useEffect(() => {
    document.getElementById('main')?.focus();
  }, [path]);

  if (session === undefined) return <p class="muted">Loading…</p>;
  if (session === null) {
    return (
      <Frame>
        <SignIn
          ended={ended}
          onSignedIn={(signedIn) => {
            setEnded(false);
            setSession(signedIn);
          }}
        />
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
  if (app) page = <AppPage client={client} session={session} appId={decodeURIComponent(app[1])} />;
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
