import { afterEach, describe, expect, it } from 'vitest';
import { commandFor, isTypingTarget, SHORTCUTS } from './shortcuts';

function el(html: string): HTMLElement {
  const wrap = document.createElement('div');
  wrap.innerHTML = html;
  document.body.append(wrap);
  return wrap.firstElementChild as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('player keyboard shortcuts', () => {
  it('map keys to commands on the page', () => {
    const target = document.body;
    expect(commandFor({ key: ' ', target })).toBe('toggle');
    expect(commandFor({ key: 'ArrowLeft', target })).toBe('back');
    expect(commandFor({ key: 'ArrowRight', target })).toBe('forward');
    expect(commandFor({ key: 'ArrowUp', target })).toBe('volumeUp');
    expect(commandFor({ key: 'ArrowDown', target })).toBe('volumeDown');
    expect(commandFor({ key: 'm', target })).toBe('mute');
    expect(commandFor({ key: 'M', target })).toBe('mute');
    expect(commandFor({ key: 'n', target })).toBe('next');
    expect(commandFor({ key: 'p', target })).toBe('previous');
    expect(commandFor({ key: 'r', target })).toBe('repeat');
    expect(commandFor({ key: 'R', target })).toBe('repeat');
    expect(commandFor({ key: '?', target })).toBe('help');
    expect(commandFor({ key: 'x', target })).toBeNull();
  });

  it('do not fire while typing in an input, textarea, select or editable content', () => {
    const fields = [
      el('<input type="text" />'),
      el('<input type="search" />'),
      el('<textarea></textarea>'),
      el('<select><option>a</option></select>'),
      el('<div contenteditable="true"><span id="inner">text</span></div>').querySelector('span'),
    ];
    for (const target of fields) {
      expect(isTypingTarget(target)).toBe(true);
      for (const key of [' ', 'ArrowLeft', 'ArrowUp', 'm', 'n', 'p', 'r', '?']) {
        expect(commandFor({ key, target })).toBeNull();
      }
    }
    expect(isTypingTarget(el('<div contenteditable="false"></div>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });

  it('leave Space to a focused button and ignore keys with modifiers or repeats', () => {
    const button = el('<button type="button">Next</button>');
    expect(commandFor({ key: ' ', target: button })).toBeNull();
    expect(commandFor({ key: 'ArrowRight', target: button })).toBe('forward');
    expect(commandFor({ key: 'n', target: document.body, ctrlKey: true })).toBeNull();
    expect(commandFor({ key: 'ArrowLeft', target: document.body, metaKey: true })).toBeNull();
    expect(commandFor({ key: ' ', target: document.body, repeat: true })).toBeNull();
    expect(commandFor({ key: 'm', target: document.body, defaultPrevented: true })).toBeNull();
    expect(commandFor({ key: 'r', target: document.body, repeat: true })).toBeNull();
    expect(commandFor({ key: 'r', target: document.body, ctrlKey: true })).toBeNull();
  });

  it('list every key the player answers to', () => {
    const target = document.body;
    const pressed: Record<string, string> = {
      Space: ' ',
      '←': 'ArrowLeft',
      '→': 'ArrowRight',
      '↑': 'ArrowUp',
      '↓': 'ArrowDown',
    };
    for (const { keys, command } of SHORTCUTS) {
      for (const k of keys) expect(commandFor({ key: pressed[k] ?? k, target })).toBe(command);
    }
    const listed = new Set(SHORTCUTS.map((s) => s.command));
    expect(listed.size).toBe(10);
  });
});
