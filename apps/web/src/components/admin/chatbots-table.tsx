import type { AdminChatbot } from "@gallery/schema";
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@gallery/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ImageOff, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { LazyChatbotFormDialog } from "../chatbot-form/lazy-chatbot-form-dialog";
import { QueryContent } from "../common/load-failed";
import { platformColumn, QUIET_DESTRUCTIVE } from "./display";
import { ListingPerformance } from "./listing-performance";
import { LoadMoreRows } from "./load-more-rows";
import { useModerationFilters } from "./use-moderation-filters";

/** Chatbot Management: every listing, a page at a time, with edit and delete. */
export function ChatbotsTable() {
  const trpc = useTRPC();
  const query = useInfiniteQuery(
    trpc.admin.chatbots.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const [editing, setEditing] = useState<{ open: boolean; chatbot: AdminChatbot | null }>({
    open: false,
    chatbot: null,
  });
  const [deleting, setDeleting] = useState<AdminChatbot | null>(null);
  const remove = useToastMutation(trpc.admin.deleteChatbot.mutationOptions(), {
    success: "Chatbot deleted successfully!",
    failure: "Failed to delete chatbot. Please try again.",
    invalidate: useModerationFilters(),
  });
  const chatbots = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Chatbot Management</CardTitle>
      </CardHeader>
      <CardContent>
        <QueryContent query={query} what="The chatbots">
          {query.isLoading ? (
            <Skeleton className="h-32 w-full" />
          ) : chatbots.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No Chatbots Found</p>
          ) : (
            <Table aria-label="Chatbot Management" stackOnPhone>
              <TableHeader>
                <TableRow>
                  <TableHead>Image</TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead>Creator</TableHead>
                  <TableHead>Platform</TableHead>
                  <TableHead>NSFW</TableHead>
                  <TableHead>Performance</TableHead>
                  <TableHead>Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {chatbots.map((chatbot) => (
                  <TableRow key={chatbot.id}>
                    <TableCell label="Image">
                      <div className="flex h-14 w-10 items-center justify-center overflow-hidden rounded bg-muted">
                        {chatbot.thumbnailUrl ? (
                          <img src={chatbot.thumbnailUrl} alt={chatbot.title} className="h-full w-full object-cover" />
                        ) : (
                          <ImageOff className="h-4 w-4 text-muted-foreground" aria-label="No image" />
                        )}
                      </div>
                    </TableCell>
                    <TableCell label="Name">
                      <div className="font-medium">{chatbot.title}</div>
                      {chatbot.storySeries && (
                        <div className="text-xs text-muted-foreground">{chatbot.storySeries}</div>
                      )}
                    </TableCell>
                    <TableCell label="Creator">
                      <div>{chatbot.userName}</div>
                      <div className="text-xs text-muted-foreground">{chatbot.userEmail}</div>
                    </TableCell>
                    <TableCell label="Platform">
                      <div className="flex gap-1">
                        {platformColumn(chatbot).map((platform) => (
                          <Badge key={platform} variant="outline">
                            {platform}
                          </Badge>
                        ))}
                      </div>
                    </TableCell>
                    <TableCell label="NSFW">
                      <Badge variant={chatbot.nsfw ? "destructive" : "success"}>{chatbot.nsfw ? "NSFW" : "SFW"}</Badge>
                    </TableCell>
                    <TableCell label="Stats">
                      <ListingPerformance chatbotId={chatbot.id} title={chatbot.title} />
                    </TableCell>
                    <TableCell label="Actions">
                      <div className="flex gap-1">
                        <Button size="sm" variant="outline" onClick={() => setEditing({ open: true, chatbot })}>
                          <Pencil className="h-3.5 w-3.5" aria-hidden />
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          className={QUIET_DESTRUCTIVE}
                          onClick={() => setDeleting(chatbot)}
                        >
                          <Trash2 className="h-3.5 w-3.5" aria-hidden />
                          Delete
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <LoadMoreRows query={query} />
        </QueryContent>
      </CardContent>
      <LazyChatbotFormDialog
        variant="admin"
        open={editing.open}
        chatbot={editing.chatbot}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Chatbot"
        description={`Are you sure you want to delete "${deleting?.title}"? This action cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}
