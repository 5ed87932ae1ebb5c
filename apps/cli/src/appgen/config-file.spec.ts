import { join } from 'node:path';
import { configPath } from './config-file';

describe('configPath', () => {
  it('follows APPGEN_CONFIG_DIR, then XDG_CONFIG_HOME, then APPDATA on Windows, then ~/.config', () => {
    expect(configPath({ APPGEN_CONFIG_DIR: '/etc/appgen', XDG_CONFIG_HOME: '/x' }, '/home/ada')).toBe(join('/etc/appgen', 'config.json'));
    expect(configPath({ XDG_CONFIG_HOME: '/x' }, '/home/ada')).toBe(join('/x', 'appgen', 'config.json'));
    expect(configPath({ APPDATA: 'C:/Users/ada/AppData/Roaming' }, 'C:/Users/ada', 'win32')).toBe(join('C:/Users/ada/AppData/Roaming', 'appgen', 'config.json'));
    expect(configPath({}, '/home/ada', 'linux')).toBe(join('/home/ada', '.config', 'appgen', 'config.json'));
  });
});
