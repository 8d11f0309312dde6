import { Center, Image, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useApi } from "../../../api/api-context.js";

/**
 * A preview of a media asset. The bytes come through the API client (its base URL and credentials, also
 * for an API hosted apart) and show as a `blob:` URL, which the admin's CSP allows for images.
 */
export function MediaThumbnail({
  assetId,
  mimeType,
  alt,
  size = 72,
}: {
  assetId: string;
  mimeType: string;
  alt: string | null;
  size?: number;
}) {
  const api = useApi();
  const isImage = mimeType.startsWith("image/");
  const file = useQuery({
    queryKey: ["media", "file", assetId],
    enabled: isImage,
    // The bytes of an asset never change (a new file is a new asset).
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await api.raw("get", "/api/media/{id}/file", { params: { id: assetId } })).blob(),
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const objectUrl = URL.createObjectURL(file.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file.data]);
  const box = { width: size, height: size, flex: "none" } as const;
  if (isImage && url) return <Image src={url} alt={alt ?? ""} w={size} h={size} fit="cover" radius="sm" style={box} />;
  return (
    <Center bg="gray.1" style={{ ...box, borderRadius: 4 }}>
      <Text size="xs" c="dimmed">
        {isImage ? (file.error ? "No preview" : "…") : mimeType.split("/")[1]?.toUpperCase()}
      </Text>
    </Center>
  );
}
