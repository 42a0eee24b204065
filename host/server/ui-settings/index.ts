export {
  createUiSettingsService,
  type UiSettingsService,
  type UiSettingsServiceOptions,
} from './ui-settings-service';
export {
  ScopedUiSettingsClient,
  UI_SETTINGS_TYPE,
  type DescribedSetting,
} from './ui-settings-client';
export { UiSettingsError } from './errors';
export { UI_SETTINGS_PATH } from './routes';
