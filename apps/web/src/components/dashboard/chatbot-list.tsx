import { DASHBOARD_TAG_LIMIT } from "@gallery/schema/constants";
import type { Chatbot } from "@gallery/schema/types";
import { Card, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@gallery/ui";
import { useMediaQuery } from "../../hooks/use-media-query";
import { ContentBadge, TagBadges } from "../chatbots/chatbot-badges";
import { ListingNotice } from "../moderation/moderation-notices";
import { EditDeleteButtons, PlatformBadges, type RowActions, Thumbnail } from "./row-parts";

interface Props extends RowActions {
  chatbots: Chatbot[];
}

function TitleAndTags({ chatbot }: { chatbot: Chatbot }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Thumbnail chatbot={chatbot} />
      <div className="min-w-0 space-y-1">
        {/* Wrapped (a long word breaks), two lines at most: a phone shows the whole title, not 'Nebula Test R…'. */}
        <p className="line-clamp-2 font-semibold wrap-anywhere" title={chatbot.title}>
          {chatbot.title}
        </p>
        <TagBadges tags={chatbot.tags} limit={DASHBOARD_TAG_LIMIT} />
        <ListingNotice chatbotId={chatbot.id} />
      </div>
    </div>
  );
}

function ChatbotTable({ chatbots, ...actions }: Props) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Chatbot</TableHead>
          <TableHead>Series</TableHead>
          <TableHead>Platforms</TableHead>
          <TableHead>Content</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {chatbots.map((chatbot) => (
          <TableRow key={chatbot.id} data-testid="my-chatbot">
            <TableCell className="max-w-80">
              <TitleAndTags chatbot={chatbot} />
            </TableCell>
            <TableCell>{chatbot.storySeries || "-"}</TableCell>
            <TableCell>
              <PlatformBadges chatbot={chatbot} />
            </TableCell>
            <TableCell>
              <ContentBadge nsfw={chatbot.nsfw} />
            </TableCell>
            <TableCell>
              <div className="flex justify-end">
                <EditDeleteButtons chatbot={chatbot} {...actions} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ChatbotCards({ chatbots, ...actions }: Props) {
  return (
    <ul className="space-y-3">
      {chatbots.map((chatbot) => (
        <li key={chatbot.id}>
          <Card className="space-y-3 p-4" data-testid="my-chatbot">
            {/* The title has the card's width beside its picture; the rating is listed below, as in the table. */}
            <TitleAndTags chatbot={chatbot} />
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Series</dt>
              <dd>{chatbot.storySeries || "-"}</dd>
              <dt className="text-muted-foreground">Platforms</dt>
              <dd>
                <PlatformBadges chatbot={chatbot} />
              </dd>
              <dt className="text-muted-foreground">Content</dt>
              <dd>
                <ContentBadge nsfw={chatbot.nsfw} />
              </dd>
            </dl>
            <EditDeleteButtons chatbot={chatbot} {...actions} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The user's listings: a table on wide screens, cards on phones (one or the other, never both). */
export function ChatbotList(props: Props) {
  const wide = useMediaQuery("(min-width: 768px)");
  return wide ? <ChatbotTable {...props} /> : <ChatbotCards {...props} />;
}
