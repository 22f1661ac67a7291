#!/usr/bin/env bash
# Makes the demo media in content/media from content/episodes.json: speech-synthesised
# MP3s (espeak-ng + lame), the recap images and the podcast artwork (ImageMagick).
# Run by hand when the demo content changes; its output is committed, so start and
# test never need these tools.  apt-get install espeak-ng lame imagemagick jq
set -euo pipefail
cd "$(dirname "$0")"
audio=media/podcast-episodes
pics=media/weekly-summary-pics
mkdir -p "$audio" "$pics" ../public/podcast
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

jq -c '.[] | select(.mp3_file != null)' episodes.json | while read -r ep; do
  file=$(jq -r .mp3_file <<<"$ep")
  jq -r .script <<<"$ep" > "$tmp/script.txt"
  espeak-ng -v en-us -s 165 -f "$tmp/script.txt" -w "$tmp/voice.wav"
  lame --quiet -m m -b 48 --resample 22.05 \
    --tt "$(jq -r .title <<<"$ep")" --ta "The Spirits Signal" --tl "The Spirits Signal (sample)" \
    "$tmp/voice.wav" "$audio/$file"
done

picture() { # name, two colours, label
  convert -size 1200x630 "gradient:$2-$3" \
    -fill 'rgba(255,255,255,0.12)' -draw 'circle 980,120 1180,320' -draw 'circle 160,560 330,700' \
    -fill white -font DejaVu-Sans-Bold -pointsize 64 -gravity southwest -annotate +64+120 "$4" \
    -font DejaVu-Sans -pointsize 28 -annotate +64+64 'Sample image - Proofline demo' \
    -strip -quality 80 "$pics/$1"
}
picture 2026-11-20-holiday-shelf.jpg '#1f3a5f' '#b8860b' 'Holiday shelf sets'
picture 2026-11-13-agave-bar.jpg '#0f4c3a' '#c9a227' 'Agave on-premise'
picture 2026-10-16-barrel-house.jpg '#4a2511' '#c17f3a' 'Barrel house'

convert -size 1400x1400 'gradient:#13233a-#7a4a12' \
  -fill 'rgba(255,255,255,0.10)' -draw 'circle 700,700 700,180' \
  -fill white -font DejaVu-Sans-Bold -pointsize 150 -gravity center -annotate +0-80 'The Spirits' \
  -annotate +0+90 'Signal' -font DejaVu-Sans -pointsize 54 -annotate +0+300 'Proofline podcast' \
  -strip -quality 85 ../public/podcast/artwork.jpg
ls -l "$audio" "$pics" ../public/podcast
