import { isNonPublicAddress } from './address-classifier';

describe('isNonPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    'ff02::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.15.255.255', '172.32.0.1', '192.169.0.1', '169.253.0.1', '11.0.0.1', '2606:4700::1111', '2001:db8::1', '::ffff:8.8.8.8', 'fec0::1'.replace('fec0', '2a00')])(
    'allows %s',
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );
});
