function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page a `login_required` app shows to someone without a session, on any of its pages: it asks for
 * an e-mail, then the mailed code, through the app's own `/_api/auth` routes, and reloads the address
 * once the session cookie is set, so the page they asked for opens.
 * The script runs under a per-response nonce; nothing else may run or load.
 */
export function renderSignInPage(appName: string, nonce: string): string {
  const name = escapeHtml(appName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in · ${name}</title>
<style>
  :root { color-scheme: light dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; background: #f6f7f9; color: #1f2328; }
  main { width: min(24rem, calc(100vw - 3rem)); padding: 2rem 2.25rem; background: #fff; border: 1px solid #d8dee4; border-radius: 12px; }
  h1 { margin: 0 0 .25rem; font-size: 1.35rem; overflow-wrap: anywhere; }
  p { margin: 0 0 1rem; color: #57606a; }
  label { display: block; margin-bottom: .25rem; font-weight: 600; font-size: .9rem; }
  input { box-sizing: border-box; width: 100%; padding: .55rem .7rem; font: inherit; border: 1px solid #d0d7de; border-radius: 8px; }
  button { margin-top: .9rem; width: 100%; padding: .6rem; font: inherit; font-weight: 600; color: #fff; background: #1f6feb; border: 0; border-radius: 8px; cursor: pointer; }
  button:disabled { opacity: .6; cursor: progress; }
  .status { min-height: 1.5em; margin: .75rem 0 0; font-size: .9rem; }
  .status.error { color: #cf222e; }
  [hidden] { display: none; }
  @media (prefers-color-scheme: dark) {
    body { background: #0d1117; color: #e6edf3; }
    main { background: #161b22; border-color: #30363d; }
    p { color: #8d96a0; }
    input { background: #0d1117; color: inherit; border-color: #30363d; }
  }
</style>
</head>
<body>
<main>
<h1>Sign in to ${name}</h1>
<p>This app is private. We e-mail you a 6-digit code to sign in.</p>
<form id="email-form">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus>
<button type="submit">Send code</button>
</form>
<form id="code-form" hidden>
<label for="code">Code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
<button type="submit">Sign in</button>
</form>
<p class="status" id="status" role="status"></p>
</main>
<script nonce="${nonce}">
(function () {
  var emailForm = document.getElementById('email-form');
  var codeForm = document.getElementById('code-form');
  var status = document.getElementById('status');
  var email = '';
  function say(text, isError) { status.textContent = text; status.className = isError ? 'status error' : 'status'; }
  function post(path, body) {
    return fetch('/_api/auth/' + path, {
      method: 'POST', credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) throw new Error(data.message || 'Something went wrong. Try again.');
        return data;
      });
    });
  }
  function busy(form, on) { form.querySelector('button').disabled = on; }
  emailForm.addEventListener('submit', function (event) {
    event.preventDefault();
    email = emailForm.email.value.trim();
    busy(emailForm, true);
    post('request_code', { email: email }).then(function (data) {
      emailForm.hidden = true; codeForm.hidden = false; codeForm.code.focus();
      say(data.message || 'Check your inbox for the code.', false);
    }, function (error) { say(error.message, true); }).then(function () { busy(emailForm, false); });
  });
  codeForm.addEventListener('submit', function (event) {
    event.preventDefault();
    busy(codeForm, true);
    post('verify', { email: email, code: codeForm.code.value.trim() }).then(function () {
      say('Signed in. Opening the app…', false);
      window.location.reload();
    }, function (error) { say(error.message, true); busy(codeForm, false); });
  });
})();
</script>
</body>
</html>
`;
}

/** `frameAncestors`: who may frame the page (the console, on a preview host; nobody elsewhere). */
export function signInPagePolicy(nonce: string, frameAncestors: string): string {
  return `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`;
}
