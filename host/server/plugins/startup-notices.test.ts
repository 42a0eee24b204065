import { createRecordingLogger } from '../logging/test-recording-logger';
import { StartupNotices } from './startup-notices';

describe('StartupNotices', () => {
  it('keeps trimmed non-empty lines in order until they are taken', () => {
    const notices = new StartupNotices(createRecordingLogger());
    notices.contract.add('  Demo mode: on  ');
    notices.contract.add('   ');
    notices.contract.add('Second line');
    expect(notices.take()).toEqual(['Demo mode: on', 'Second line']);
  });

  it('logs a line added after the block was taken', () => {
    const logger = createRecordingLogger();
    const notices = new StartupNotices(logger);
    notices.contract.add('early');
    expect(notices.take()).toEqual(['early']);
    notices.contract.add('late');
    expect(notices.take()).toEqual(['early']);
    expect(logger.records).toEqual(
      expect.arrayContaining([expect.objectContaining({ level: 'info', message: 'late' })]),
    );
  });
});
