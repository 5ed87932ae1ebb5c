import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { requestCode, signIn, type Session } from './api';
import { Problem, useAction } from './ui';

/** Sign-in by e-mailed code; the page's address stays as it was, so the console opens there afterwards. */
export function SignIn(props: { onSignedIn: (session: Session) => void; ended?: boolean }): JSX.Element {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const action = useAction();

  const ask = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      await requestCode(email.trim());
      setSent(true);
    });
  };
  const enter = (event: Event) => {
    event.preventDefault();
    void action.run(async () => props.onSignedIn(await signIn(email.trim(), code.trim())));
  };

  return (
    <div class="narrow">
      <h1>Sign in to appgen</h1>
      {props.ended && <p role="status">Your session has ended. Sign in again to go on where you were.</p>}
      {!sent ? (
        <form onSubmit={ask}>
          <label for="email">E-mail address</label>
          <input id="email" type="email" autocomplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
          <button type="submit" disabled={action.busy}>
            Send me a code
          </button>
        </form>
      ) : (
        <form onSubmit={enter}>
          <p>We sent a 6-digit code to {email}. It works once, for a few minutes.</p>
          <label for="code">Sign-in code</label>
          <input id="code" inputMode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required value={code} onInput={(e) => setCode(e.currentTarget.value)} />
          <button type="submit" disabled={action.busy}>
            Sign in
          </button>{' '}
          <button type="button" class="link" onClick={() => setSent(false)}>
            Use another address
          </button>
        </form>
      )}
      <Problem text={action.problem} />
    </div>
  );
}
