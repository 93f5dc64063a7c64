import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n';
import './app/global.css';
import { App } from './app/app';
import { installErrorCapture, logError } from './app/error-log-store';

installErrorCapture();

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}

createRoot(container, {
  // React 19 root callbacks: errors caught by boundaries, uncaught ones, and recoverable ones all reach the error log.
  onCaughtError: (error) => logError(error),
  onUncaughtError: (error) => logError(error),
  onRecoverableError: (error) => logError(error, 'warning'),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
