/**
 * Starts an app page: reads the injected metadata, loads the UI plugins, runs their setup and start,
 * and draws the chrome with the app the URL names. The login page has its own entry (`login/index.tsx`).
 */
import { EuiLoadingSpinner } from '@elastic/eui';
import { createRoot, type Root } from 'react-dom/client';
import { ShellLayout } from '../chrome/shell-layout';
import { FatalError } from '../fatal-errors/fatal-error';
import { ROOT_ELEMENT_ID, type InjectedMetadata } from '../../common/injected-metadata';
import { readInjectedMetadata } from '../injected-metadata';
import { PluginsService } from '../plugins/plugins-service';
import { ShellProviders } from '../rendering/providers';
import { createCoreServices } from './create-core';

export async function boot(): Promise<void> {
  const element = document.getElementById(ROOT_ELEMENT_ID);
  if (!element) throw new Error(`The page has no #${ROOT_ELEMENT_ID} element.`);
  const root = createRoot(element);
  try {
    await startDashboard(root, readInjectedMetadata());
  } catch (error) {
    console.error(error);
    root.render(
      <ShellProviders>
        <FatalError error={error as Error} />
      </ShellProviders>,
    );
  }
}

async function startDashboard(root: Root, metadata: InjectedMetadata): Promise<void> {
  root.render(
    <ShellProviders>
      <div style={{ display: 'flex', justifyContent: 'center', paddingTop: '20vh' }}>
        <EuiLoadingSpinner size="xxl" data-test-subj="shellLoading" />
      </div>
    </ShellProviders>,
  );
  const core = createCoreServices(metadata);
  const plugins = new PluginsService({
    plugins: metadata.uiPlugins,
    env: {
      mode: {
        name: metadata.mode,
        dev: metadata.mode === 'development',
        prod: metadata.mode === 'production',
      },
      packageInfo: { version: metadata.version },
    },
    loadBundle: (url) => import(/* @vite-ignore */ url),
  });
  await Promise.all([core.uiSettings.load(), plugins.initialize()]);
  await plugins.setup(core.setup);
  core.registry.close();
  await plugins.start(core.start);
  window.addEventListener('pagehide', () => plugins.stop(), { once: true });
  root.render(
    <ShellProviders>
      <ShellLayout
        registry={core.registry}
        router={core.router}
        chrome={core.chrome}
        security={core.security}
        toasts={core.toasts}
        overlays={core.overlays}
        loadingCount={core.httpClient.loadingCount}
      />
    </ShellProviders>,
  );
}
