import { UiSettingsClient, UI_SETTINGS_PATH } from './ui-settings-client';

const described = {
  'discover:sampleSize': { name: 'Number of rows', value: 500, type: 'number' },
  'notifications:lifetime:info': { value: 5000, userValue: 8000 },
};

function clientWith(post: jest.Mock) {
  const http = { get: jest.fn().mockResolvedValue({ settings: described }), post };
  return { client: new UiSettingsClient(http as never), http };
}

describe('core.uiSettings', () => {
  it('reads the user value, else the default, and refuses unknown keys without a default', async () => {
    const { client, http } = clientWith(jest.fn());
    await client.load();
    expect(http.get).toHaveBeenCalledWith(UI_SETTINGS_PATH);
    expect(client.get('notifications:lifetime:info')).toBe(8000);
    expect(client.get('discover:sampleSize')).toBe(500);
    expect(client.get('unknown:key', 'fallback')).toBe('fallback');
    expect(client.isDeclared('discover:sampleSize')).toBe(true);
    expect(() => client.get('unknown:key')).toThrow(
      'Unexpected `IUiSettingsClient.get("unknown:key")` call on unrecognized configuration setting "unknown:key".',
    );
  });

  it('writes through the settings route and keeps what the server answers', async () => {
    const post = jest.fn().mockResolvedValue({
      settings: {
        ...described,
        'discover:sampleSize': { ...described['discover:sampleSize'], userValue: 100 },
      },
    });
    const { client } = clientWith(post);
    await client.load();
    await expect(client.set('discover:sampleSize', 100)).resolves.toBe(true);
    expect(post).toHaveBeenCalledWith(UI_SETTINGS_PATH, {
      body: JSON.stringify({ changes: { 'discover:sampleSize': 100 } }),
    });
    expect(client.get('discover:sampleSize')).toBe(100);
  });

  it('shows a change at once and takes it back when the server refuses it', async () => {
    let refuse!: (error: Error) => void;
    const post = jest.fn().mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const { client } = clientWith(post);
    await client.load();
    const written = client.set('discover:sampleSize', -1);
    expect(client.get('discover:sampleSize')).toBe(-1);
    refuse(new Error('[discover:sampleSize]: Value must be equal to or greater than [1].'));
    await expect(written).resolves.toBe(false);
    expect(client.get('discover:sampleSize')).toBe(500);
  });

  it('removes a user value, back to the default', async () => {
    const post = jest.fn().mockResolvedValue({
      settings: { ...described, 'notifications:lifetime:info': { value: 5000 } },
    });
    const { client } = clientWith(post);
    await client.load();
    await expect(client.remove('notifications:lifetime:info')).resolves.toBe(true);
    expect(post).toHaveBeenCalledWith(UI_SETTINGS_PATH, {
      body: JSON.stringify({ changes: { 'notifications:lifetime:info': null } }),
    });
    expect(client.get('notifications:lifetime:info')).toBe(5000);
  });
});
