import { Output, table } from './output';
import { progressLine, ProgressView } from './progress';

function capture(isTTY = false): { stream: { write: (t: string) => void; isTTY: boolean; columns: number }; text: () => string } {
  let text = '';
  return { stream: { write: (t: string) => (text += t), isTTY, columns: 40 }, text: () => text };
}

describe('output', () => {
  it('pads table columns to their widest cell and marks empty cells', () => {
    expect(table(['ID', 'NAME', 'URL'], [['a1', 'Recipe Box', null], ['b22', 'CRM', 'http://x']])).toEqual(['ID   NAME        URL', 'a1   Recipe Box  —', 'b22  CRM         http://x']);
  });

  it('prints only the result as one JSON line with --json, and failures where a script reads them', () => {
    const [out, err] = [capture(), capture()];
    const json = new Output(out.stream, err.stream, true);
    json.line('ignored');
    json.result({ ok: true }, () => 'human');
    json.failure({ error: 'not_found', message: 'gone' });
    expect(out.text()).toBe('{"ok":true}\n{"error":"not_found","message":"gone"}\n');
    const [out2, err2] = [capture(), capture()];
    const human = new Output(out2.stream, err2.stream, false);
    human.result({ ok: true }, () => ['one', 'two']);
    human.failure({ error: 'not_found', message: 'gone' });
    expect([out2.text(), err2.text()]).toEqual(['one\ntwo\n', '{"error":"not_found","message":"gone"}\n']);
  });
});

describe('progress', () => {
  it('draws the bar from the job\'s progress and cuts the message to the terminal', () => {
    expect(progressLine(50, 'Writing the pages', 80)).toBe('[████████████░░░░░░░░░░░░]  50% Writing the pages');
    expect(progressLine(140, 'x', 80)).toBe(`[${'█'.repeat(24)}] 100% x`);
    expect(progressLine(0, 'A very long message about planning the app', 40)).toHaveLength(39);
  });

  it('redraws in place on a terminal and writes plain lines elsewhere', () => {
    const tty = capture(true);
    const bar = new ProgressView(tty.stream);
    bar.update(10, 'Planning');
    bar.update(100, 'Done');
    bar.done();
    expect(tty.text().split('\r').slice(1)).toEqual([`${progressLine(10, 'Planning', 40)}\x1b[K`, `${progressLine(100, 'Done', 40)}\x1b[K\n`]);
    const log = capture(false);
    const lines = new ProgressView(log.stream);
    lines.update(10, 'Planning');
    lines.done();
    expect(log.text()).toBe('10% Planning\n');
  });
});
