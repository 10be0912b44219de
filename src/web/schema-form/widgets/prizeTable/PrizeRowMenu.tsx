import { Button, Dropdown } from 'antd';
import { EditOutlined, MoreOutlined } from '@ant-design/icons';
import type { PrizeRowActions, PrizeRowTexts } from './PrizeRowView';

interface PrizeRowMenuProps {
  uid: string;
  index: number;
  last: boolean;
  texts: PrizeRowTexts;
  locked: boolean;
  actions: PrizeRowActions;
}

/** A prize row's last cell: open its details, and a menu to move it up or down or remove it. */
export function PrizeRowMenu({ uid, index, last, texts, locked, actions }: PrizeRowMenuProps) {
  return (
    <div role="cell" className="gc-prize-actions">
      <Button
        size="small"
        type="text"
        icon={<EditOutlined />}
        aria-label={`${texts.details} ${index + 1}`}
        onClick={() => actions.details(uid)}
      />
      <Dropdown
        trigger={['click']}
        disabled={locked}
        menu={{
          items: [
            { key: 'up', label: texts.moveUp, disabled: index === 0 },
            { key: 'down', label: texts.moveDown, disabled: last },
            { key: 'remove', label: texts.remove, danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'up') actions.move(uid, -1);
            else if (key === 'down') actions.move(uid, 1);
            else actions.remove(uid);
          },
        }}
      >
        <Button size="small" type="text" icon={<MoreOutlined />} aria-label={`${texts.more} ${index + 1}`} />
      </Dropdown>
    </div>
  );
}
