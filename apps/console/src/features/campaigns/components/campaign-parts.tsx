import { Badge, Progress, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import type { Campaign } from '../api/get-campaigns';
import { CAMPAIGN_STATUS_LABELS, usagePercent, usageText } from '../model';

export function CampaignStatusBadge({ status }: { status: Campaign['status'] }) {
  const { label, color } = CAMPAIGN_STATUS_LABELS[status];
  return (
    <Badge color={color} variant="light" radius="sm" tt="none">
      {label}
    </Badge>
  );
}

/** Uses against the limit: the count, and a bar when there is a limit. */
export function CampaignUsage({ campaign, size = 'sm' }: { campaign: Campaign; size?: 'sm' | 'lg' }) {
  const percent = usagePercent(campaign);
  return (
    <Stack gap={4}>
      <Text size={size === 'lg' ? 'md' : 'sm'}>{usageText(campaign)}</Text>
      {percent !== null && (
        <Progress
          value={percent}
          size={size === 'lg' ? 'lg' : 'sm'}
          color={percent >= 100 ? 'orange' : 'teal'}
          aria-label={`Usage of ${campaign.promoCode}: ${usageText(campaign)}`}
        />
      )}
    </Stack>
  );
}

/** From when to when the code works. */
export function CampaignWindow({ campaign }: { campaign: Pick<Campaign, 'validFrom' | 'validUntil'> }) {
  return (
    <Text size="sm">
      <time dateTime={campaign.validFrom}>{formatDateTime(campaign.validFrom)}</time>
      {' → '}
      <time dateTime={campaign.validUntil}>{formatDateTime(campaign.validUntil)}</time>
    </Text>
  );
}
