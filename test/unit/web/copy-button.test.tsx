// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../../web/src/components/ui/copy-button';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('copy button', () => {
  it("copies the text and says 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CopyButton text="01JCONTRACT000000000000000" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('01JCONTRACT000000000000000');
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it("confirms a copy with a 'Copied!' toast for 1.5 seconds, leaving the button's label alone", async () => {
    vi.useFakeTimers();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CopyButton text="01JTEMPLATE000000000000000" confirmation="toast" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('01JTEMPLATE000000000000000');
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    expect(screen.getByRole('button').textContent).toBe('Copy');
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("starts the toast's 1.5 seconds again when copied again while it shows", async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CopyButton text="x" confirmation="toast" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    act(() => vi.advanceTimersByTime(1000));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByRole('status').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows no toast when the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<CopyButton text="x" confirmation="toast" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("does not claim 'Copied!' when the clipboard refuses", async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<CopyButton text="x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
