/** What the desk's upload API answers (server/http/desk-api.ts). */
export interface UploadedFile {
  file: string;
  url: string;
  bytes: number;
  duration_seconds?: number | null;
}

/**
 * Sends a file to the desk's upload API with progress. fetch() cannot report
 * an upload's progress in browsers yet, so this is XMLHttpRequest. The body is
 * the file itself, streamed by the browser; the CSRF token goes in a header.
 */
export async function uploadFile(
  bucket: string,
  file: File,
  csrf: string,
  onProgress: (fraction: number) => void,
): Promise<UploadedFile> {
  const body = await sendFile(
    `/api/desk/media/${bucket}?name=${encodeURIComponent(file.name)}`,
    file,
    csrf,
    onProgress,
    file.type || "application/octet-stream",
  );
  if (!("file" in body)) throw new Error("The upload failed: the server did not say where the file went.");
  return body as unknown as UploadedFile;
}

/**
 * POSTs a file itself to one of the desk's APIs with progress and the CSRF header; resolves
 * to the JSON answer of a 2xx, rejects with the answer's `error` (or its status) otherwise.
 */
export function sendFile(
  url: string,
  file: File,
  csrf: string,
  onProgress: (fraction: number) => void,
  type = "application/octet-stream",
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("X-CSRF-Token", csrf);
    xhr.setRequestHeader("Content-Type", type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new Error(typeof body.error === "string" ? body.error : `The upload failed (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error("The upload failed: the connection was lost."));
    xhr.send(file);
  });
}
