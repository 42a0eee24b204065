export { createUiSettingsService } from './ui-settings-service';
