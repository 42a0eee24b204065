/**
 * Entry of the login page's bundle: React and the form with its own small stylesheet. It loads no
 * component library and no plugin, so the first page a user sees stays light.
 */
import { createRoot } from 'react-dom/client';
import { createPageHttpClient } from '../http/page-http-client';
import { ROOT_ELEMENT_ID } from '../../common/injected-metadata';
import { readInjectedMetadata } from '../injected-metadata';
import { LoginPage } from './login-page';
import { safeNextUrl } from '../../common/next-url';

function showLogin(): void {
  const element = document.getElementById(ROOT_ELEMENT_ID);
  if (!element) throw new Error(`The page has no #${ROOT_ELEMENT_ID} element.`);
  const metadata = readInjectedMetadata();
  // The login page is an anonymous path: a 401 there (wrong credentials) never means a lost session.
  const http = createPageHttpClient(metadata, () => undefined).asContract();
  const next = safeNextUrl(
    metadata.basePath,
    new URLSearchParams(window.location.search).get('next'),
  );
  createRoot(element).render(
    <LoginPage http={http} next={next} navigate={(url) => window.location.assign(url)} />,
  );
}

showLogin();
