import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LightButton } from './light-button.tsx';
import { LightCheckbox } from './light-checkbox.tsx';
import { LightSegmented } from './light-segmented.tsx';
import { LightSelect } from './light-select.tsx';
import { LightSwitch } from './light-switch.tsx';

/*
 * The light controls stand in for antd's on first screens: each must be the control it looks like to
 * the keyboard and to a screen reader, not only to the eye.
 */

describe('LightCheckbox', () => {
  function Ticked({ indeterminate = false, disabled = false }) {
    const [on, setOn] = useState(false);
    return (
      <LightCheckbox
        checked={on}
        indeterminate={indeterminate}
        disabled={disabled}
        onChange={setOn}
        data-testid="tick"
      >
        Select all
      </LightCheckbox>
    );
  }

  it('is a checkbox named by its label, ticked by a tap on the label and by Space', async () => {
    const user = userEvent.setup();
    render(<Ticked />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all' });
    expect(box).toBe(screen.getByTestId('tick'));
    expect(box.checked).toBe(false);
    await user.click(screen.getByText('Select all'));
    expect(box.checked).toBe(true);
    box.focus();
    await user.keyboard(' ');
    expect(box.checked).toBe(false);
  });

  it('says "some ticked" as the mixed state, and does nothing while disabled', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Ticked indeterminate />);
    expect(screen.getByRole<HTMLInputElement>('checkbox').indeterminate).toBe(true);
    unmount();
    render(<Ticked disabled />);
    await user.click(screen.getByText('Select all'));
    const box = screen.getByRole<HTMLInputElement>('checkbox');
    expect(box.disabled).toBe(true);
    expect(box.checked).toBe(false);
  });
});

describe('LightSwitch', () => {
  it('is a switch that flips on a tap and on Enter, and waits while loading', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<LightSwitch checked={false} onChange={onChange} aria-label="Push" />);
    const sw = screen.getByRole('switch', { name: 'Push' });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    await user.click(sw);
    expect(onChange).toHaveBeenLastCalledWith(true);
    rerender(<LightSwitch checked onChange={onChange} aria-label="Push" />);
    expect(sw.getAttribute('aria-checked')).toBe('true');
    sw.focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(false);
    rerender(<LightSwitch checked loading onChange={onChange} aria-label="Push" />);
    await user.click(sw);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(sw.getAttribute('aria-busy')).toBe('true');
  });
});

describe('LightSegmented', () => {
  it('is a radio group: the chosen one checked, arrow keys choose the next', async () => {
    const user = userEvent.setup();
    function Tabs() {
      const [value, setValue] = useState<'all' | 'unread'>('all');
      return (
        <LightSegmented
          label="Show"
          value={value}
          options={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: 'Unread' },
          ]}
          onChange={setValue}
        />
      );
    }
    render(<Tabs />);
    screen.getByRole('radiogroup', { name: 'Show' });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'All' }).checked).toBe(true);
    await user.click(screen.getByText('Unread'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Unread' }).checked).toBe(true);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'All' }).checked).toBe(true);
  });
});

describe('LightSelect', () => {
  it('is a native select that hands back the chosen value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <LightSelect
        aria-label="Sort"
        value="new"
        options={[
          { value: 'new', label: 'Newest' },
          { value: 'old', label: 'Oldest' },
        ]}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort' });
    expect(select.value).toBe('new');
    await user.selectOptions(select, 'Oldest');
    expect(onChange).toHaveBeenCalledWith('old');
  });
});

describe('LightButton', () => {
  it('ignores taps while loading, keeping its focus', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <LightButton onClick={onClick} loading>
        Pay
      </LightButton>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Pay' });
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);
    rerender(<LightButton onClick={onClick}>Pay</LightButton>);
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
