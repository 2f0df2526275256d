// What `npm run bench` measures. `prepare` runs once before measuring (sign in, seed data…).

/** Signs a bench member in through the dev mailbox, the way a person reads the code. */
async function signIn(ctx) {
  const email = 'bench@example.com';
  const post = (path, body) =>
    fetch(ctx.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/auth/otp/send-otp', { email });
  const mails = await (await fetch(`${ctx.base}/dev/mailbox.json`)).json();
  const mail = (mails.data ?? mails).find((m) => m.to === email || m.to?.includes?.(email));
  const code = String(mail?.text ?? mail?.subject ?? '').match(/\b\d{6}\b/)?.[0];
  const login = await (await post('/auth/login', { email, otp: code })).json();
  ctx.token = login.data.accessToken;
}

export const scenarios = [
  {
    name: 'GET /auth/users/profile (signed in)',
    prepare: signIn,
    path: () => '/auth/users/profile',
    headers: (ctx) => ({ authorization: `Bearer ${ctx.token}` }),
  },
  { name: 'GET /auth/users/phoneCodes', path: () => '/auth/users/phoneCodes' },
  { name: 'GET /home (app shell)', path: () => '/home' },
];
