/**
 * Entry of the shell bundle (built by `scripts/build-browser.js` next to one entry per UI plugin).
 *
 * For plugin authors: keep an app's code out of the plugin's entry chunk by importing it inside
 * `mount`, so each app becomes its own lazily loaded chunk:
 *
 *   core.application.register({ id: 'agents', title: 'Agents', async mount(params) {
 *     const { renderApp } = await import('./apps/agents');
 *     return renderApp(params);
 *   } });
 */
import { boot } from './boot/boot';

void boot();
