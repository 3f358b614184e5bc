import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';
import { MISSING_KEY_MESSAGE, getSessionToken } from './authProvider/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// §2: with no API key in storage when the app starts, an error is logged. A gated route logs
// it as it sends the visitor to /login (checkAuth); a start on /login itself is logged here.
if (/\/login\/?$/.test(window.location.pathname)) {
  void getSessionToken().then(
    (token) => {
      if (token === null) console.error(MISSING_KEY_MESSAGE);
    },
    () => console.error(MISSING_KEY_MESSAGE),
  );
}

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
