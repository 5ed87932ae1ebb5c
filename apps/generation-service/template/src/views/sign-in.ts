/** Sign-in by e-mailed code: the app's users never have a password. */
import { auth } from '../api';
import { clear, h } from '../dom';
import { t } from '../i18n';
import { navigate } from '../router';
import { currentUser, setUser } from '../session';
import { errorMessage, pageHeader } from './ui';

export async function renderSignIn(): Promise<Node> {
  const section = h('section', { class: 'page narrow' });
  const user = await currentUser();
  if (user) {
    const signOut = h('button', { class: 'button', type: 'button' }, t().signOut);
    signOut.addEventListener('click', () => {
      signOut.disabled = true;
      auth.signOut().then(
        () => {
          setUser(null);
          navigate('/');
        },
        () => {
          signOut.disabled = false;
        },
      );
    });
    section.append(pageHeader(t().signedIn), h('p', {}, t().signedInAs(user.email, user.tier)), signOut);
    return section;
  }
  const body = h('div');
  section.append(pageHeader(t().signIn), body);
  showEmailStep(body, '');
  return section;
}

function showEmailStep(body: HTMLElement, email: string): void {
  clear(body);
  const input = h('input', { id: 'sign-in-email', name: 'email', type: 'email', autocomplete: 'email', required: true, value: email, 'aria-describedby': 'sign-in-status' });
  const submit = h('button', { class: 'button primary', type: 'submit' }, t().sendCode);
  const status = h('p', { class: 'form-status', id: 'sign-in-status', role: 'status', 'aria-live': 'polite' });
  const form = h('form', { class: 'form', novalidate: true }, h('p', {}, t().enterEmail), h('div', { class: 'field' }, h('label', { for: 'sign-in-email' }, t().emailAddress), input), h('div', { class: 'form-actions' }, submit), status);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = input.value.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      status.textContent = t().invalidEmail;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    submit.disabled = true;
    status.textContent = t().sending;
    auth.requestCode(value).then(
      () => showCodeStep(body, value),
      (error: unknown) => {
        submit.disabled = false;
        status.textContent = errorMessage(error);
      },
    );
  });
  body.append(form);
  input.focus();
}

function showCodeStep(body: HTMLElement, email: string): void {
  clear(body);
  const input = h('input', { id: 'sign-in-code', name: 'code', type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxlength: 6, required: true, 'aria-describedby': 'sign-in-code-status' });
  const submit = h('button', { class: 'button primary', type: 'submit' }, t().signIn);
  const back = h('button', { class: 'button', type: 'button' }, t().otherAddress);
  const status = h('p', { class: 'form-status', id: 'sign-in-code-status', role: 'status', 'aria-live': 'polite' });
  const form = h('form', { class: 'form', novalidate: true }, h('p', {}, t().codeSent(email)), h('div', { class: 'field' }, h('label', { for: 'sign-in-code' }, t().signInCode), input), h('div', { class: 'form-actions' }, submit, back), status);
  back.addEventListener('click', () => showEmailStep(body, email));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const code = input.value.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) {
      status.textContent = t().codeHasSixDigits;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    submit.disabled = true;
    status.textContent = t().checking;
    auth.verify(email, code).then(
      (user) => {
        setUser(user);
        navigate('/');
      },
      (error: unknown) => {
        submit.disabled = false;
        status.textContent = errorMessage(error);
        input.focus();
      },
    );
  });
  body.append(form);
  input.focus();
}
