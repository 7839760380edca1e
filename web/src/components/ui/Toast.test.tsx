import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, ToastProvider } from './Toast';
import { useToast } from './toast-context';

let count = 0;

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.info(`Note ${++count}`)}>note</button>
      <button onClick={() => toast.error('Please fill in every field')}>error</button>
      <button onClick={() => toast.success('Saved')}>success</button>
    </>
  );
}

function setup(duration?: number) {
  render(
    <ToastProvider duration={duration}>
      <Buttons />
    </ToastProvider>,
  );
}

afterEach(() => vi.useRealTimers());

describe('Toast', () => {
  it('announces errors in an alert region and other messages in a status region', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'error' }));
    await userEvent.click(screen.getByRole('button', { name: 'success' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in every field');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Saved');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('shows a repeated message once', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'error' }));
    await userEvent.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getAllByText('Please fill in every field')).toHaveLength(1);
  });

  it('can be dismissed with its button', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'success' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('goes away by itself after its duration', () => {
    vi.useFakeTimers();
    setup(1000);
    act(() => screen.getByRole('button', { name: 'success' }).click());
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it(`keeps at most ${MAX_TOASTS} on screen, the newest`, async () => {
    count = 0;
    setup();
    for (let i = 0; i < MAX_TOASTS + 2; i++) {
      await userEvent.click(screen.getByRole('button', { name: 'note' }));
    }
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(
      MAX_TOASTS,
    );
    expect(screen.queryByText('Note 2')).not.toBeInTheDocument();
    expect(screen.getByText(`Note ${MAX_TOASTS + 2}`)).toBeInTheDocument();
  });
});
